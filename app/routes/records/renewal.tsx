/**
 * Prescription renewal (spec 3 §4, §5): the general question and, per prescription, the reason,
 * is the medicine finished (no → how much is left and when it runs out) and side effects
 * (yes → which). Sending is possible only when every question is answered: with JS the button
 * waits for that and the hint says so; the server applies the same schema. States: form →
 * sending → sent (success box) or failed (message, answers kept); maintenance shows the spec's
 * offline message. One pending request per prescription.
 *
 * The inputs carry the schema's native constraints (`getZodConstraint`); the page script keeps
 * the `data-needs-valid` button disabled while the form fails them and shows `data-pending` on
 * sending, and its follow-ups behaviour (app/browser/follow-ups.ts) shows a follow-up question
 * only for the answer that asks for it, makes it required then, and shows the hint. Without JS
 * every follow-up shows and the server answers with the same errors.
 */
import { useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { data, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { attrs } from '~/browser/markup';
import { LinkLine } from '~/components/LinkLine';
import { Choices, TextArea } from '~/components/forms';
import { portalContext } from '~/context';
import { env } from '~/env.server';
import { useMessageText, useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { recordViewerOf } from '~/services/people/viewer.server';
import { getPrescriptions } from '~/services/records/records.server';
import { pendingFor, requestRenewal } from '~/services/records/renewal.server';
import { parseRenewalIds, renewalField, renewalPath, renewalSchema } from '~/services/records/renewal-rules';
import * as ui from '~/styles/ui.css';
import { notFound } from '~/lib/http/responses';
import type { Route } from './+types/renewal';

const HINT_ID = 'renewal-hint';

async function load(context: Route.LoaderArgs['context'], idsParam: string) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const viewer = recordViewerOf(auth);
  const ids = parseRenewalIds(idsParam);
  const list = ids ? await getPrescriptions(await getDb(), viewer, ids, lang) : [];
  const found = ids !== null && list.length === ids.length && new Set(list.map((p) => p.patientId)).size === 1;
  return { viewer, lang, ids: ids ?? [], prescriptions: found ? list : null };
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { lang, ids, prescriptions } = await load(context, params.ids);
  const title = pageTitle(context, 'records.renewal.title');
  const mode = env().PRESCRIPTION_RENEWAL;
  if (!prescriptions) return data({ state: 'notFound' as const, title, lang }, { status: 404 });
  if (mode !== 'on') return { state: 'maintenance' as const, title, lang };
  const pending = await pendingFor(await getDb(), ids);
  if (new URL(request.url).searchParams.get('sent') === '1' && pending.length === ids.length) return { state: 'sent' as const, title, lang };
  const view = prescriptions.map(({ patientId: _patientId, ...p }) => p);
  return {
    state: 'form' as const,
    title,
    lang,
    prescriptions: view,
    pending: view.filter((p) => pending.includes(p.id)).map((p) => p.medicineName),
    notRenewable: view.filter((p) => !p.isRenewable).map((p) => p.medicineName),
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const { viewer, lang, ids, prescriptions } = await load(context, params.ids);
  if (!prescriptions) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: renewalSchema(ids) });
  if (submission.status !== 'success') return data({ result: submission.reply(), outcome: 'incomplete' as const, medicines: [] as string[] }, { status: 400 });
  const outcome = await requestRenewal(await getDb(), viewer, ids, submission.value as Record<string, string | undefined>);
  switch (outcome.type) {
    case 'sent':
      return redirect(`${renewalPath(lang, ids)}?sent=1`, 303);
    case 'notFound':
      throw notFound();
    case 'maintenance':
      return redirect(renewalPath(lang, ids), 303);
    case 'alreadyPending':
    case 'notRenewable':
      return data({ result: submission.reply(), outcome: outcome.type, medicines: outcome.medicines }, { status: 409 });
    case 'failed':
      return data({ result: submission.reply(), outcome: 'failed' as const, medicines: [] as string[] }, { status: 500 });
  }
}

export default function Renewal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const back = <LinkLine to={pagePath('prescriptions', loaderData.lang)}>{t('records.renewal.backToList')}</LinkLine>;
  switch (loaderData.state) {
    case 'notFound':
      return (
        <section className={ui.card}>
          <h1>{t('records.renewal.title')}</h1>
          <p>{t('records.renewal.notFound')}</p>
          {back}
        </section>
      );
    case 'maintenance':
      return (
        <section className={ui.card}>
          <h1>{t('records.renewal.title')}</h1>
          <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('records.renewal.maintenance')}</p>
          {back}
        </section>
      );
    case 'sent':
      return (
        <section className={ui.card}>
          <h1>{t('records.renewal.title')}</h1>
          <div role="status" className={`${ui.alertBox} ${ui.alert.success}`}>
            <h2>{t('records.renewal.sentTitle')}</h2>
            <p>{t('records.renewal.sentText')}</p>
          </div>
          {back}
        </section>
      );
    case 'form':
      return <RenewalForm data={loaderData} actionData={actionData} back={back} />;
  }
}

type FormData = Extract<Route.ComponentProps['loaderData'], { state: 'form' }>;

function RenewalForm({ data: d, actionData, back }: { data: FormData; actionData: Route.ComponentProps['actionData']; back: React.ReactNode }) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  const ids = d.prescriptions.map((p) => p.id);
  const schema = renewalSchema(ids);
  const [form, fields] = useForm({
    id: 'renewal',
    lastResult: actionData?.result,
    constraint: getZodConstraint(schema),
  });
  const err = (name: string) => {
    const key = fields[name]?.errors?.[0];
    return key ? messageText(`records.renewal.errors.${key}`) : undefined;
  };
  const initial = (name: string) => {
    const value = fields[name]?.initialValue;
    return typeof value === 'string' ? value : undefined;
  };
  /** A text question: its name, error, value back from the server and the schema's native constraints. */
  const textProps = (name: string) => {
    const field = fields[name];
    return { name, error: err(name), defaultValue: initial(name), required: field?.required, minLength: field?.minLength, maxLength: field?.maxLength };
  };
  const blocked = [
    ...d.pending.map((m) => t('records.renewal.alreadyPending', { medicine: m })),
    ...d.notRenewable.map((m) => t('records.renewal.notRenewable', { medicine: m })),
  ];
  if (blocked.length) {
    return (
      <section className={ui.card}>
        <h1>{t('records.renewal.title')}</h1>
        {blocked.map((text) => (
          <p key={text} className={`${ui.alertBox} ${ui.alert.info}`}>
            {text}
          </p>
        ))}
        {back}
      </section>
    );
  }
  const yesNo = [
    { value: 'yes', label: t('records.renewal.yes') },
    { value: 'no', label: t('records.renewal.no') },
  ];
  /** A follow-up question: always in the HTML; the page script hides it until its answer is chosen. */
  const followUp = (name: string, when: string, question: React.ReactNode) => <div {...attrs({ when: `${name}=${when}` })}>{question}</div>;
  return (
    <section className={ui.card} aria-labelledby="renewal-title">
      <h1 id="renewal-title">{t('records.renewal.title')}</h1>
      <p>{t('records.renewal.intro')}</p>
      {actionData?.outcome === 'failed' ? (
        <p role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          {t('records.renewal.failed')}
        </p>
      ) : null}
      {actionData?.outcome === 'alreadyPending' || actionData?.outcome === 'notRenewable'
        ? actionData.medicines.map((m) => (
            <p role="alert" key={m} className={`${ui.alertBox} ${ui.alert.error}`}>
              {t(actionData.outcome === 'alreadyPending' ? 'records.renewal.alreadyPending' : 'records.renewal.notRenewable', { medicine: m })}
            </p>
          ))
        : null}
      {actionData?.outcome === 'incomplete' ? (
        <p role="alert" className={ui.fieldError}>
          {t('records.renewal.fillAllFirst')}
        </p>
      ) : null}
      <Form method="post" id={form.id} noValidate {...attrs({ followUps: HINT_ID })}>
        <AuthenticityTokenInput name="csrf" />
        <TextArea id="renewal-general" label={t('records.renewal.general')} {...textProps(renewalField.general)} />
        {d.prescriptions.map((p) => (
          <fieldset key={p.id} className={ui.card}>
            <legend>
              <strong>
                {p.medicineName} {p.strength}
              </strong>
            </legend>
            <TextArea id={`renewal-reason-${p.id}`} label={t('records.renewal.reason')} {...textProps(renewalField.reason(p.id))} />
            <Choices
              id={`renewal-finished-${p.id}`}
              name={renewalField.finished(p.id)}
              legend={t('records.renewal.finished')}
              options={yesNo}
              error={err(renewalField.finished(p.id))}
              defaultValue={initial(renewalField.finished(p.id))}
              required={fields[renewalField.finished(p.id)]?.required}
            />
            {followUp(
              renewalField.finished(p.id),
              'no',
              <TextArea id={`renewal-amount-${p.id}`} label={t('records.renewal.amountLeft')} {...textProps(renewalField.amountLeft(p.id))} />,
            )}
            <Choices
              id={`renewal-side-effects-${p.id}`}
              name={renewalField.sideEffects(p.id)}
              legend={t('records.renewal.sideEffects')}
              options={yesNo}
              error={err(renewalField.sideEffects(p.id))}
              defaultValue={initial(renewalField.sideEffects(p.id))}
              required={fields[renewalField.sideEffects(p.id)]?.required}
            />
            {followUp(
              renewalField.sideEffects(p.id),
              'yes',
              <TextArea
                id={`renewal-side-effects-text-${p.id}`}
                label={t('records.renewal.sideEffectsText')}
                {...textProps(renewalField.sideEffectsText(p.id))}
              />,
            )}
          </fieldset>
        ))}
        <p id={HINT_ID} className={ui.hint} hidden>
          {t('records.renewal.fillAllFirst')}
        </p>
        <button type="submit" className={ui.button.primary} {...attrs({ needsValid: true, pending: t('records.renewal.sending') })}>
          {t('records.renewal.send')}
        </button>
      </Form>
      {back}
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
