/**
 * The insurance reserve page's side of the insurer step (ADR 0022): the facts the flow
 * controller needs (is the choice complete), the step's view (the sub-form and what it shows:
 * reimbursement options, permits, the Pohjola check), the booking form's summary, the step's
 * posts and the confirmation's declared insurer. Kept out of the page module so reserve.tsx
 * only routes to it.
 */
import { eq } from 'drizzle-orm';
import { appointmentInsurance } from '~db/schema';
import type { BrandKey } from '~/brands';
import type { Language } from '~/i18n/config';
import { helsinkiDate } from '~/lib/format';
import type { AppointmentView } from '~/models/appointments/appointment';
import type { DirectCompensationPermit, InsuranceSummaryView, Insurer, InsurerPostRefusal, InsurerStepView, PermitView } from '~/models/booking/insurance';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import type { PersonRow } from '~/services/people/people.server';
import { insuranceChoice, insurerPost, insurerStepExtras, isInsurerIntent, type InsurerStepContext } from './insurance.server';
import { insurerSubStep, permitChannel, permitDate, reimbursementOptions } from './insurance-rules';
import { insurerAdapter } from './insurers.server';

const permitView = (p: DirectCompensationPermit): PermitView => ({
  contentHash: p.contentHash,
  symptom: p.symptom,
  bodyPart: p.bodyPart,
  validTo: permitDate(p.validTo),
});

export interface InsuranceFacts {
  complete: boolean;
  /** `forPrincipal`: booked on a mandate for someone else (ADR 0050), who alone applies for a permit. */
  stepView(options: { preview: AppointmentView; lang: Language; inApp: boolean; here: string; forPrincipal: boolean }): Promise<InsurerStepView>;
  summary(lang: Language): Promise<InsuranceSummaryView | undefined>;
}

/** The person's insurer choice for the free time, as the reserve page uses it. */
export async function insuranceFacts(db: Db, person: PersonRow, slotId: number, brand: BrandKey): Promise<InsuranceFacts> {
  const choice = await insuranceChoice(db, person.id, slotId);
  const sub = insurerSubStep(choice);
  const adapter = insurerAdapter(db);
  return {
    complete: sub.step === 'complete',
    async stepView({ preview, inApp, here, forPrincipal }) {
      const slotDate = helsinkiDate(new Date(preview.startAt));
      const extras = await insurerStepExtras(db, adapter, person, choice, slotDate);
      return {
        kind: 'insurer',
        preview,
        sub: sub.step === 'complete' ? { step: 'chooseInsurer' } : sub,
        insurer: choice.insurer,
        reimbursementOptions: reimbursementOptions(brand, preview.isRemote),
        permits: extras.permits?.map(permitView) ?? null,
        pohjola: extras.pohjola,
        slotDate: permitDate(slotDate),
        applyHref: forPrincipal ? null : `/api/insurance/lahitapiola-apply-permit?${new URLSearchParams({ redirectTo: here, channel: permitChannel(inApp) })}`,
      };
    },
    async summary() {
      if (sub.step !== 'complete' || !choice.insurer) return undefined;
      let permit: PermitView | null = null;
      if (choice.dcpState === 'success') {
        const extras = await insurerStepExtras(db, adapter, person, choice, helsinkiDate(clock.now()));
        permit = extras.selectedPermit ? permitView(extras.selectedPermit) : null;
      }
      return {
        insurer: choice.insurer,
        reimbursement: choice.insurer === 'IF' ? choice.reimbursement : null,
        permit,
        underage: choice.dcpState === 'underageCustomer',
        op: choice.insurer === 'OP' && (choice.opState === 'found' || choice.opState === 'canceled') ? choice.opState : null,
      };
    },
  };
}

/** A post of the insurer step (null: not one; the page handles it as the booking form). */
export async function insurerStepPost(
  db: Db,
  person: PersonRow,
  form: FormData,
  ctx: InsurerStepContext,
): Promise<{ type: 'ok' } | { type: 'refused'; reason: InsurerPostRefusal } | null> {
  const intent = form.get('intent');
  if (!isInsurerIntent(intent)) return null;
  return insurerPost(db, insurerAdapter(db), person, intent, form, ctx);
}

/** The insurer declared with a booked appointment (the confirmation names it), or null. */
export async function declaredInsurer(db: Db, appointmentId: number): Promise<Insurer | null> {
  const [row] = await db
    .select({ insurer: appointmentInsurance.insurer })
    .from(appointmentInsurance)
    .where(eq(appointmentInsurance.appointmentId, appointmentId))
    .limit(1);
  return row ? (row.insurer ?? 'OTHER') : null;
}
