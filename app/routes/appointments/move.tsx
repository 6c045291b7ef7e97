/**
 * Change the time of an appointment (issue 24, ADR 0036), logged in (`appointmentMove`, own or a
 * ward's as the viewer rules allow). The anonymous link leads here through strong identification,
 * as cancelling does (spec 2; issue 39): moving a time away cancels it. One module:
 * - without `?slot=`: the start — the appointment's limits are checked and the visitor goes to
 *   the payer's search, pre-filled for the appointment and carrying the move (`?move=`), whose
 *   times lead back here;
 * - with `?slot=<free time>`: what changes (time, place, practitioner, price, a prepaid fee refunded), the new time's
 *   details and the confirm form (the binding consent when the new time is close). The post
 *   moves the appointment (services/appointments/move.server.ts) and returns to the appointment
 *   with a flash message; a refusal says why (inside the cancellation limit: the cancel's texts
 *   with the customer-service phone), a taken time sends the visitor back to choose another.
 * Plain HTML: links, and one form that posts and redirects (ADR 0009).
 */
import { getFormProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link, redirect, type RouterContextProvider } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { AppointmentDetails } from '~/components/appointments/AppointmentDetails';
import { CheckboxField } from '~/components/forms';
import { portalContext, type FlashMessage } from '~/context';
import { env } from '~/env.server';
import type { Language } from '~/i18n/config';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import type { TFunction } from '~/i18n/translate';
import { clock } from '~/lib/clock.server';
import { formatDateTime, helsinkiDate } from '~/lib/format';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { moveBackPath, moveConfirmPath, moveSearchPath } from '~/lib/http/move.server';
import { pageTitle, requireAuth, serverT } from '~/lib/http/page.server';
import { notFound } from '~/lib/http/responses';
import type { AppointmentView } from '~/models/appointments/appointment';
import { choosesAgain, MOVE_SLOT_PARAM, moveSchema, type MoveRefusal } from '~/models/appointments/move';
import { appointmentToMove, moveAppointment, previewMove, type MoveActor } from '~/services/appointments/move.server';
import { getDb } from '~/services/db/db.server';
import { viewerOf } from '~/services/people/viewer.server';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/move';

const ID = /^[1-9]\d{0,14}$/;

/** The page's appointment reference and who moves it: the logged-in viewer (the viewer rules decide which appointments). */
function actorOf(params: { id: string }, context: Readonly<RouterContextProvider>): { ref: string; actor: MoveActor } {
  const auth = requireAuth(context);
  if (!ID.test(params.id)) throw notFound();
  return { ref: params.id, actor: { kind: 'viewer', viewer: viewerOf(auth), appointmentId: Number(params.id) } };
}

function slotOf(url: URL): number | null {
  const value = url.searchParams.get(MOVE_SLOT_PARAM);
  return value !== null && ID.test(value) ? Number(value) : null;
}

/** A refusal as a flash message; the cancellation limit with the cancel's own reason text (spec 2). */
function refusalFlash(context: Readonly<RouterContextProvider>, refusal: MoveRefusal): FlashMessage {
  switch (refusal.type) {
    case 'tooLate':
      return {
        type: 'error',
        key: 'move.refusal.failure',
        values: { reason: serverT(context)('appointments.cancel.tooLate', { hours: refusal.hours }) },
        withPhone: true,
      };
    case 'payerNotEligible':
      return { type: 'error', key: `move.refusal.${refusal.reason}` satisfies TextKey, withPhone: true };
    case 'payerRefusesTime':
      return { type: 'error', key: `move.refusal.${refusal.reason}` satisfies TextKey };
    case 'unknownError':
      return { type: 'error', key: 'move.refusal.unknownError', withPhone: true };
    default:
      return { type: 'error', key: `move.refusal.${refusal.type}` satisfies TextKey };
  }
}

/** Where a refusal goes: back to choose another time, or back to the appointment. */
async function refused(context: Readonly<RouterContextProvider>, ref: string, lang: Language, refusal: MoveRefusal) {
  if (refusal.type === 'notFound') throw notFound();
  const to = choosesAgain(refusal) ? moveConfirmPath(ref, lang) : moveBackPath(ref, lang);
  return redirectWithFlash(to, refusalFlash(context, refusal));
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const { ref, actor } = actorOf(params, context);
  const url = new URL(request.url);
  const db = await getDb();

  if (!url.searchParams.has(MOVE_SLOT_PARAM)) {
    // The start: the appointment's own limits, then the search pre-filled for it.
    const facts = await appointmentToMove(db, actor);
    if (!facts) throw notFound();
    if (facts.refusal) throw await refused(context, ref, lang, facts.refusal);
    throw redirect(moveSearchPath(ref, facts, lang, helsinkiDate(clock.now())));
  }

  const slotId = slotOf(url);
  if (slotId === null) throw notFound();
  const preview = await previewMove(db, actor, slotId, lang);
  if (preview.type !== 'ready') throw await refused(context, ref, lang, preview);
  return {
    title: pageTitle(context, 'move.confirm.title'),
    lang,
    preview,
    bindingConsentHours: env().BINDING_CONSENT_HOURS,
    action: moveConfirmPath(ref, lang, slotId),
    chooseAnother: moveConfirmPath(ref, lang),
    back: moveBackPath(ref, lang),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { lang } = context.get(portalContext);
  const { ref, actor } = actorOf(params, context);
  const slotId = slotOf(new URL(request.url));
  if (slotId === null) throw notFound();
  const db = await getDb();
  const formData = await request.formData();
  // The binding consent is checked by the service (the new time's closeness is its to decide).
  const submission = parseWithZod(formData, { schema: moveSchema({ bindingRequired: false }) });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const result = await moveAppointment(db, { actor, slotId, bindingApproved: submission.value.bindingApproved });
  switch (result.type) {
    case 'moved':
      return redirectWithFlash(moveBackPath(ref, lang), {
        type: 'success',
        key: 'move.success',
        values: { time: formatDateTime(result.to.startAt, lang) },
      });
    case 'bindingConsentRequired': {
      const again = parseWithZod(formData, { schema: moveSchema({ bindingRequired: true }) });
      return data({ result: again.status === 'success' ? submission.reply() : again.reply() }, { status: 400 });
    }
    default:
      return refused(context, ref, lang, result);
  }
}

/** Where the visit is, as one short text. */
function placeOf(a: AppointmentView, t: TFunction): string {
  if (a.locationType === 'videoAppointment') return t('appointments.video');
  if (a.locationType === 'phoneAppointment') return t('appointments.phone');
  if (a.isRemote) return t('appointments.remote');
  return a.clinic.name;
}

export default function MoveAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { preview, bindingConsentHours, action, chooseAnother, back } = loaderData;
  const { current, next, changes } = preview;
  const [form, fields] = useForm<{ bindingApproved: boolean }>({ id: 'move', lastResult: actionData?.result });
  const price = (a: AppointmentView) => a.price?.totalAmount ?? t('move.confirm.priceNone');
  const when = (a: AppointmentView) => `${a.startText}–${a.endTimeText}`;
  const lines = [
    changes.time ? t('move.confirm.timeChanged', { from: when(current), to: when(next) }) : null,
    changes.place ? t('move.confirm.placeChanged', { from: placeOf(current, t), to: placeOf(next, t) }) : null,
    changes.practitioner ? t('move.confirm.practitionerChanged', { from: current.practitioner.name, to: next.practitioner.name }) : null,
    changes.price ? t('move.confirm.priceChanged', { from: price(current), to: price(next) }) : null,
    // A remote visit's fee paid (or to pay) in advance that does not follow it (ADR 0048).
    preview.prepayment?.outcome === 'refund' ? t('move.confirm.prepaymentRefund', { sum: preview.prepayment.sum }) : null,
    preview.prepayment?.outcome === 'credit' ? t('move.confirm.prepaymentCredit', { sum: preview.prepayment.sum }) : null,
  ].filter((line): line is string => line !== null);
  return (
    <section className={ui.card}>
      <h1>{t('move.confirm.title')}</h1>
      <p>{t('move.confirm.intro')}</p>
      <section aria-labelledby="move-changes">
        <h2 id="move-changes">{t('move.confirm.changes')}</h2>
        <ul data-move-changes="">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <p className={ui.label}>{t('move.confirm.next')}</p>
      <AppointmentDetails appointment={next} showPriceDetails={false} headingLevel={2} />
      <Form method="post" action={action} {...getFormProps(form)}>
        <AuthenticityTokenInput name="csrf" />
        {preview.bindingRequired ? <CheckboxField meta={fields.bindingApproved} label={t('reservation.form.binding', { hours: bindingConsentHours })} /> : null}
        <div className={ui.buttonRow}>
          <button type="submit" className={ui.button.primary} {...attrs({ pending: t('move.confirm.submit') })}>
            {t('move.confirm.submit')}
          </button>
          <Link className={ui.button.secondary} to={chooseAnother}>
            {t('move.confirm.chooseAnother')}
          </Link>
          <Link className={ui.button.secondary} to={back}>
            {t('move.confirm.keep')}
          </Link>
        </div>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }];

export { ErrorBoundary } from '~/components/page-exports';
