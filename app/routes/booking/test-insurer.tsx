/**
 * The built-in test insurer's permit application page (INSURERS=test; 404 in production and
 * with the gateway): stands in for LähiTapiola's site. The tester allows (a permit with the
 * given symptom and body part is created), denies, cancels or fails the application, and the
 * browser is sent back to the portal with the matching return status.
 */
import { data, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { Field } from '~/components/forms';
import { env } from '~/env.server';
import { notFound } from '~/lib/http/responses';
import { requireNonProduction } from '~/lib/http/test-deployment.server';
import { useTranslation } from '~/i18n/react';
import { serverT } from '~/lib/http/page.server';
import { PERMIT_RETURN_STATUSES, type PermitReturnStatus } from '~/models/booking/insurance';
import { getDb } from '~/services/db/db.server';
import { completeTestApplication, findTestApplication } from '~/services/booking/insurance/test-insurer.server';
import * as ui from '~/styles/ui.css';
import { clock } from '~/lib/clock.server';
import { addDays, helsinkiDate } from '~/lib/dates';
import type { Route } from './+types/test-insurer';

/** A new permit is valid for three months. */
const validTo = () => addDays(helsinkiDate(clock.now()), 90);

/** The permit's texts the tester may change, with what they say unless changed. */
const TEXTS = [
  { name: 'symptom', example: 'Selkäkipu' },
  { name: 'bodyPart', example: 'Selkä' },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireNonProduction(env().INSURERS === 'test');
  const id = new URL(request.url).searchParams.get('application') ?? '';
  const application = await findTestApplication(await getDb(), id);
  const open = application && !application.done;
  return data({ title: serverT(context)('insurance.testInsurer.title'), application: open ? application.id : null }, { status: open ? 200 : 404 });
}

export async function action({ request }: Route.ActionArgs) {
  requireNonProduction(env().INSURERS === 'test');
  const form = await request.formData();
  const db = await getDb();
  const application = await findTestApplication(db, String(form.get('application') ?? ''));
  const status = String(form.get('status') ?? '');
  if (!application || application.done || !(PERMIT_RETURN_STATUSES as readonly string[]).includes(status)) {
    throw notFound();
  }
  const text = (name: string, fallback: string) =>
    String(form.get(name) ?? '')
      .trim()
      .slice(0, 100) || fallback;
  const back = await completeTestApplication(db, application, status as PermitReturnStatus, {
    symptom: text(TEXTS[0].name, TEXTS[0].example),
    bodyPart: text(TEXTS[1].name, TEXTS[1].example),
    validTo: validTo(),
  });
  return redirect(back, 303);
}

const BUTTONS: { status: PermitReturnStatus; label: 'allow' | 'deny' | 'cancel' | 'error' }[] = [
  { status: 'directcompensationallowed', label: 'allow' },
  { status: 'directcompensationdenied', label: 'deny' },
  { status: 'cancel', label: 'cancel' },
  { status: 'error', label: 'error' },
];

export default function TestInsurer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className={ui.card}>
      <h1>{t('insurance.testInsurer.title')}</h1>
      {loaderData.application ? (
        <form method="post">
          <p className={`${ui.alertBox} ${ui.alert.info}`}>{t('insurance.testInsurer.intro')}</p>
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="application" value={loaderData.application} />
          {TEXTS.map(({ name, example }) => (
            <Field key={name} field={{ id: name, errorId: `${name}-error` }} label={t(`insurance.testInsurer.${name}`)}>
              {(control) => <input {...control} className={ui.input} name={name} defaultValue={example} maxLength={100} />}
            </Field>
          ))}
          <div className={ui.buttonRow}>
            {BUTTONS.map((b) => (
              <button key={b.status} type="submit" name="status" value={b.status} className={b.label === 'allow' ? ui.button.primary : ui.button.secondary}>
                {t(`insurance.testInsurer.${b.label}`)}
              </button>
            ))}
          </div>
        </form>
      ) : (
        <p>{t('insurance.testInsurer.notFound')}</p>
      )}
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }];

export { ErrorBoundary } from '~/components/page-exports';
