/**
 * Ask for an earlier time (issue 24 part 2, ADR 0037): for one upcoming appointment, the
 * practitioner (this one or any), the places and the latest acceptable date. The offers go to the
 * requester's own saved phone and e-mail, shown here only to that person (issue 39): they are
 * changed in My information, never typed here.
 * Shows the active request with a withdraw button. Plain forms that post and redirect with a flash
 * message; a refused form comes back (400) with its errors. Someone else's appointment is 404.
 */
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { LinkLine } from '~/components/LinkLine';
import { Fieldset, TextField } from '~/components/forms';
import { portalContext, requestInfoContext } from '~/context';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { invariantResponse, pageTitle, requireAuth } from '~/lib/http/page.server';
import { formatDate } from '~/lib/format';
import { earlierTimeRequestSchema, type EarlierTimeRequestValues } from '~/models/appointments/earlier-time';
import { pagePath } from '~/route-table';
import { requestEarlierTime, requestForm, withdrawEarlierTime } from '~/services/appointments/earlier-times.server';
import { parseAppointmentIds } from '~/services/appointments/rules';
import { getDb } from '~/services/db/db.server';
import { viewerOf } from '~/services/people/viewer.server';
import * as s from '~/styles/appointments.css';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/earlier-time';

function appointmentIdOf(param: string): number {
  const ids = parseAppointmentIds(param);
  invariantResponse(ids?.length === 1);
  return ids[0]!;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const form = await requestForm(await getDb(), viewerOf(auth), appointmentIdOf(params.id), lang);
  invariantResponse(form);
  return {
    title: pageTitle(context, 'earlierTime.request.title'),
    lang,
    form,
    constraint: getZodConstraint(earlierTimeRequestSchema),
    hours: env().CANCELLATION_LIMIT_HOURS,
    dateExample: formatDate(form.latestDate.max, lang),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const auth = requireAuth(context);
  const { lang, brand } = context.get(portalContext);
  const id = appointmentIdOf(params.id);
  const db = await getDb();
  const viewer = viewerOf(auth);
  const formData = await request.formData();
  const appointmentPage = pagePath('appointment', lang, { ids: String(id) });
  if (formData.get('intent') === 'withdraw') {
    const result = await withdrawEarlierTime(db, viewer, id);
    invariantResponse(result !== 'notFound');
    return redirectWithFlash(appointmentPage, { type: 'success', key: 'earlierTime.request.flash.withdrawn' });
  }
  const submission = parseWithZod(formData, { schema: earlierTimeRequestSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const { practitioner, clinicIds, latestDate } = submission.value;
  const result = await requestEarlierTime(
    db,
    viewer,
    id,
    { practitioner, clinicIds, latestDate },
    { lang, brand, origin: context.get(requestInfoContext).origin },
  );
  switch (result) {
    case 'notFound':
      invariantResponse(false);
      break;
    case 'invalid':
      return data({ result: submission.reply({ fieldErrors: { latestDate: ['earlierTime.request.errors.latestDate'] } }) }, { status: 400 });
    case 'notAllowed':
      return redirectWithFlash(appointmentPage, { type: 'error', key: 'earlierTime.request.flash.failed' });
    case 'noContact':
      return redirectWithFlash(pagePath('appointmentEarlierTime', lang, { id: String(id) }), { type: 'error', key: 'earlierTime.request.flash.noContact' });
    case 'requested':
    case 'updated':
      return redirectWithFlash(appointmentPage, { type: 'success', key: 'earlierTime.request.flash.requested' });
  }
}

export default function EarlierTimeRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { form: f, lang, constraint, hours, dateExample } = loaderData;
  const [form, fields] = useForm<EarlierTimeRequestValues>({
    id: 'earlier-time',
    lastResult: actionData?.result,
    constraint,
    defaultValue: {
      practitioner: f.practitionerChoice,
      clinicIds: f.clinicIds,
      latestDate: f.latestDate.value,
    },
    defaultNoValidate: false,
  });
  const chosenClinics = new Set(([] as unknown[]).concat(fields.clinicIds.initialValue ?? f.clinicIds).filter((v): v is string => typeof v === 'string'));
  const own = f.offersTo.type === 'you' ? [f.offersTo.phone, f.offersTo.email].filter((v): v is string => Boolean(v)) : [];
  const myInformation = pagePath('myInformation', lang);
  return (
    <div>
      <LinkLine to={pagePath('appointment', lang, { ids: String(f.appointmentId) })}>{t('earlierTime.request.back')}</LinkLine>
      <h1>{t('earlierTime.request.title')}</h1>
      <p>
        {t('earlierTime.request.current')}: <strong>{f.startText}</strong>
      </p>
      {f.active ? (
        <section className={`${ui.alertBox} ${ui.alert.info}`} aria-labelledby="earlier-time-active">
          <h2 id="earlier-time-active">{t('earlierTime.request.active.title')}</h2>
          <p>{t('earlierTime.request.active.since', { time: f.active.requestedText })}</p>
          <ul>
            <li>{t('earlierTime.request.active.until', { date: f.active.latestDateText })}</li>
            <li>{t('earlierTime.request.active.places', { clinics: f.active.clinicNames.join(', ') })}</li>
            <li>
              {f.active.practitionerName
                ? t('earlierTime.request.active.practitioner', { name: f.active.practitionerName })
                : t('earlierTime.request.active.anyPractitioner')}
            </li>
          </ul>
          <p id="earlier-time-ends">{t('earlierTime.request.active.ends', { hours })}</p>
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <button type="submit" name="intent" value="withdraw" className={ui.button.secondary} aria-describedby="earlier-time-ends">
              {t('earlierTime.request.active.withdraw')}
            </button>
          </Form>
        </section>
      ) : null}
      {f.mayRequest && f.offersTo.type === 'you' && own.length === 0 ? (
        <p>
          {t('earlierTime.request.contact.missing')} <Link to={myInformation}>{t('earlierTime.request.contact.add')}</Link>
        </p>
      ) : f.mayRequest ? (
        <>
          <p>{t('earlierTime.request.intro')}</p>
          <Form method="post" reloadDocument className={ui.card} {...getFormProps(form)}>
            <AuthenticityTokenInput name="csrf" />
            <input type="hidden" name="intent" value="request" />
            <Fieldset field={fields.practitioner} legend={t('earlierTime.request.practitionerLegend')}>
              {(['same', 'any'] as const).map((choice) => (
                <label key={choice} className={s.choiceLine}>
                  <input
                    className={s.choiceInput}
                    type="radio"
                    name={fields.practitioner.name}
                    value={choice}
                    defaultChecked={(fields.practitioner.initialValue ?? f.practitionerChoice) === choice}
                    required
                  />{' '}
                  {choice === 'same' ? t('earlierTime.request.practitionerSame', { name: f.practitioner.name }) : t('earlierTime.request.practitionerAny')}
                </label>
              ))}
            </Fieldset>
            <Fieldset field={fields.clinicIds} legend={t('earlierTime.request.clinicsLegend')} hint={t('earlierTime.request.clinicsHint')}>
              {f.clinics.map((clinic) => (
                <label key={clinic.id} className={s.choiceLine}>
                  <input
                    className={s.choiceInput}
                    type="checkbox"
                    name={fields.clinicIds.name}
                    value={clinic.id}
                    defaultChecked={chosenClinics.has(clinic.id)}
                  />{' '}
                  {clinic.name}
                </label>
              ))}
            </Fieldset>
            <TextField
              meta={fields.latestDate}
              type="date"
              label={t('earlierTime.request.latestDate')}
              hint={t('earlierTime.request.latestDateHint', { example: dateExample })}
              required
              min={f.latestDate.min}
              max={f.latestDate.max}
              defaultValue={typeof fields.latestDate.initialValue === 'string' ? fields.latestDate.initialValue : f.latestDate.value}
            />
            <div className={ui.field}>
              <span className={ui.label}>{t('earlierTime.request.contact.label')}</span>
              {f.offersTo.type === 'you' ? (
                <p>
                  {t('earlierTime.request.contact.yours')} <strong>{own.join(', ')}</strong>.{' '}
                  <Link to={myInformation}>{t('earlierTime.request.contact.change')}</Link>
                </p>
              ) : (
                <p>{t('earlierTime.request.contact.requester')}</p>
              )}
            </div>
            <button type="submit" className={ui.button.primary} {...attrs({ pending: t('earlierTime.request.saving') })}>
              {t('earlierTime.request.submit')}
            </button>
          </Form>
        </>
      ) : (
        <p>{t('earlierTime.request.notAllowed', { hours })}</p>
      )}
    </div>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
