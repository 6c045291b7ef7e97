/**
 * An insurer pays or reimburses (`insurance`, ADR 0022): strong identification, the free times
 * insurers pay for, the insurer step on the reserve page, a billing block applies and the price
 * is shown (the customer may end up paying). At booking the insurer is asked before the
 * transaction (the permit, the treatment chain); inside it only our rows are written (ADR 0025).
 */
import { eq } from 'drizzle-orm';
import { appointmentInsurance } from '~db/schema';
import { textsIn } from '~/i18n/i18n.server';
import { formatDate } from '~/lib/format';
import { priceFor } from '~/models/booking/price-list';
import { bookingFromChoice, clearChoice, hasConcept, type InsuranceBooking } from '../insurance/insurance.server';
import { insurerOfConcept, knownConceptCodes, reimbursementAllowsTime } from '../insurance/insurance-rules';
import { insurerAdapter } from '../insurance/insurers.server';
import { insuranceFacts } from '../insurance/reserve-step.server';
import { isCreditworthy } from '../reservation-rules';
import { NO_PAYER_FACTS, type Payer } from './payer.server';

const DESCRIPTION_MAX = 500;

/** A non-empty string field of the JSON call, else null. */
const textField = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

export const insurancePayer: Payer = {
  key: 'insurance',
  payerType: 'insurance',
  requiresAuthentication: true,
  searchScope: async (_db, person) =>
    person
      ? { type: 'open', payerType: 'insurance', covered: null, employer: null }
      : { type: 'refused', reason: 'requiresAuthentication', specialContract: false },
  reservationFacts: async (db, person, slot, brand) => ({ ...NO_PAYER_FACTS, insurance: await insuranceFacts(db, person, slot.id, brand) }),
  ineligibility: (person) => (isCreditworthy(person) ? null : 'notCreditworthy'),
  price: (slot) => priceFor(slot.specialtyId, slot.locationType),
  bookingTerms: async () => ({ type: 'ok', confirmation: null }),

  /**
   * What the reservation books with: the page's complete insurer choice for the time
   * (`insuranceIncomplete` otherwise), or the JSON call's fields, checked: the concept must be
   * one the brand knows and recorded for the person (POST /api/concepts), the permit one the
   * insurer lists for them. The description for the staff is written in Finnish (spec 3 §3).
   */
  async prepareBooking(db, person, slot, input, ctx) {
    let booking: InsuranceBooking | null;
    if (input) {
      const fields: Record<string, string[]> = {};
      const code = textField(input.insuranceConceptCode);
      const hash = textField(input.dcpContentHash);
      const description = typeof input.description === 'string' && input.description.trim() ? input.description.trim() : null;
      if (code && (!knownConceptCodes(ctx.brand).includes(code) || !(await hasConcept(db, person.id, code))))
        fields.insuranceConceptCode = ['insurance.errors.conceptNotRecorded'];
      if (hash) {
        const permits = await insurerAdapter(db).lahiTapiolaPermits({ identityCode: person.identityCode });
        if (permits.type !== 'success' || !permits.permits.some((p) => p.contentHash === hash)) fields.dcpContentHash = ['insurance.errors.permitRequired'];
      }
      if (description && description.length > DESCRIPTION_MAX) fields.description = ['insurance.errors.descriptionTooLong'];
      if (Object.keys(fields).length) return { type: 'validation', fields };
      // The call does not name the insurer: a permit is LähiTapiola's, a concept tells its insurer.
      const insurer = hash ? 'LAHITAPIOLA' : code ? insurerOfConcept(ctx.brand, code) : null;
      booking = { insurer, reimbursement: null, conceptCode: code, dcpContentHash: hash, description };
    } else {
      booking = await bookingFromChoice(db, ctx.brand, person.id, slot.id);
      if (!booking) return { type: 'insuranceIncomplete' };
    }
    const t = await textsIn('fi');
    const written = t('insurance.staffDescription', {
      date: formatDate(ctx.now, 'fi'),
      insurer: t(`insurance.insurers.${booking.insurer ?? 'OTHER'}`),
    });
    return { type: 'ok', booking: { insurance: { ...booking, description: booking.description ?? written } } };
  },

  /** Direct compensation: the insurer opens the treatment chain of the permit, or nothing is booked. */
  async beforeTransaction(db, booking, patient, slot) {
    const hash = booking?.insurance.dcpContentHash;
    if (!hash) return { type: 'ok' };
    const chain = await insurerAdapter(db).createTreatmentChain({ identityCode: patient.identityCode }, { contentHash: hash, startAt: slot.startAt });
    return chain.type === 'success' ? { type: 'ok' } : { type: 'treatmentChainCreationFailed' };
  },

  async bookingOf(db, appointmentId) {
    const [row] = await db.select().from(appointmentInsurance).where(eq(appointmentInsurance.appointmentId, appointmentId)).limit(1);
    if (!row) return null;
    const { insurer, reimbursement, conceptCode, dcpContentHash, description } = row;
    return { insurance: { insurer, reimbursement, conceptCode, dcpContentHash, description } };
  },

  timeRefusal(booking, slot) {
    const reimbursement = booking?.insurance.reimbursement ?? null;
    return reimbursement !== null && !reimbursementAllowsTime(reimbursement, slot.isRemote) ? 'remoteNotCovered' : null;
  },

  async afterInsert(t, booking, appointment) {
    if (!booking) return;
    const { insurer, reimbursement, conceptCode, dcpContentHash, description } = booking.insurance;
    await t.insert(appointmentInsurance).values({ appointmentId: appointment.id, insurer, reimbursement, conceptCode, dcpContentHash, description });
    await clearChoice(t, appointment.patientId, appointment.slotId);
  },

  messageFacts: (booking) => ({ occupational: false, insurer: booking ? (booking.insurance.insurer ?? 'OTHER') : null }),
};
