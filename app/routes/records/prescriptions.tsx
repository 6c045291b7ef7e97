/**
 * Prescriptions (spec 3 §2, §4): medicine, strength, issued date, package and treatment, dosage
 * and use; non-renewable ones marked. With renewal on, renewable ones have checkboxes and the
 * form goes to the renewal page; "select all renewable" and "clear" are submit buttons without
 * JS (the server answers with the selection) and act in place with JS (app/browser/select-all.ts).
 */
import { data, Form, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { attrs } from '~/browser/markup';
import { RecordPager, PersonSwitch, personQuery } from '~/components/records/RecordNav';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { recordRequest } from '~/lib/http/records-page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { listPrescriptions, type PrescriptionView } from '~/services/records/records.server';
import { renewalPath } from '~/services/records/renewal-rules';
import * as s from '~/styles/records.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/prescriptions';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { viewer, person, lang, page, choices } = recordRequest(context, request);
  const list = await listPrescriptions(await getDb(), viewer, person, lang, page);
  const selectAll = new URL(request.url).searchParams.get('select') === 'all';
  return {
    title: pageTitle(context, 'records.prescriptions.title'),
    lang,
    choices,
    list,
    renewal: env().PRESCRIPTION_RENEWAL !== 'off',
    selected: selectAll ? list.items.filter((p) => p.isRenewable).map((p) => p.id) : [],
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { person, lang, choices } = recordRequest(context, request);
  const form = await request.formData();
  const intent = form.get('intent');
  const here = `${pagePath('prescriptions', lang)}${personQuery(choices)}`;
  if (intent === 'selectAll') return redirect(`${pagePath('prescriptions', lang)}${personQuery(choices, { select: 'all' })}`, 303);
  if (intent === 'clear') return redirect(here, 303);
  const ids = [
    ...new Set(
      form
        .getAll('id')
        .map(Number)
        .filter((id) => Number.isSafeInteger(id) && id > 0),
    ),
  ];
  if (ids.length === 0) return data({ error: 'noneSelected' as const, personId: person.id }, { status: 400 });
  return redirect(renewalPath(lang, ids), 303);
}

function Prescription({ p, selectable, checked }: { p: PrescriptionView; selectable: boolean; checked: boolean }) {
  const { t } = useTranslation();
  const headingId = `prescription-${p.id}`;
  return (
    <li className={s.item}>
      <h2 id={headingId}>
        {p.medicineName} {p.strength}
      </h2>
      {selectable ? (
        p.isRenewable ? (
          <label>
            <input type="checkbox" name="id" value={p.id} defaultChecked={checked} /> {t('records.prescriptions.select', { medicine: p.medicineName })}
          </label>
        ) : null
      ) : null}
      {!p.isRenewable ? <p className={s.badge}>{t('records.prescriptions.notRenewable')}</p> : null}
      <dl className={s.details}>
        <dt className={s.term}>{t('records.prescriptions.issued')}</dt>
        <dd className={s.definition}>{p.issuedText}</dd>
        <dt className={s.term}>{t('records.prescriptions.medicineType')}</dt>
        <dd className={s.definition}>{p.medicineType}</dd>
        <dt className={s.term}>{t('records.prescriptions.package')}</dt>
        <dd className={s.definition}>
          {t('records.prescriptions.packageText', { packages: String(p.packageCount), size: String(p.packageSize), unit: p.packageUnit })}
        </dd>
        {p.treatmentLength && p.treatmentLengthUnit ? (
          <>
            <dt className={s.term}>{t('records.prescriptions.treatment')}</dt>
            <dd className={s.definition}>
              {p.treatmentLength} {t(`records.prescriptions.units.${p.treatmentLengthUnit}`)}
            </dd>
          </>
        ) : null}
        <dt className={s.term}>{t('records.prescriptions.totalAmount')}</dt>
        <dd className={s.definition}>{p.totalAmount}</dd>
        <dt className={s.term}>{t('records.prescriptions.dosage')}</dt>
        <dd className={s.definition}>{p.dosageGuide}</dd>
        <dt className={s.term}>{t('records.prescriptions.usage')}</dt>
        <dd className={s.definition}>{p.usageGuide}</dd>
      </dl>
    </li>
  );
}

export default function Prescriptions({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { list, renewal, choices, selected } = loaderData;
  const renewable = list.items.filter((p) => p.isRenewable);
  const selectable = renewal && renewable.length > 0;
  const items = (
    <ul className={s.items}>
      {list.items.map((p) => (
        <Prescription key={p.id} p={p} selectable={selectable} checked={selected.includes(p.id)} />
      ))}
    </ul>
  );
  return (
    <section className={ui.card} aria-labelledby="prescriptions-title">
      <h1 id="prescriptions-title">{t('records.prescriptions.title')}</h1>
      <PersonSwitch choices={choices} />
      {list.items.length === 0 ? <p>{t('records.prescriptions.empty')}</p> : null}
      {selectable ? (
        <Form method="post" {...attrs({ selectAll: true })}>
          <AuthenticityTokenInput name="csrf" />
          {actionData?.error === 'noneSelected' ? (
            <p role="alert" className={ui.fieldError}>
              {t('records.prescriptions.noneSelected')}
            </p>
          ) : null}
          <div className={ui.buttonRow}>
            {(['selectAll', 'clear'] as const).map((intent) => (
              <button key={intent} type="submit" name="intent" value={intent} className={ui.button.secondary}>
                {t(`records.prescriptions.${intent}`)}
              </button>
            ))}
          </div>
          {items}
          <button type="submit" name="intent" value="renew" className={ui.button.primary}>
            {t('records.prescriptions.renew')}
          </button>
        </Form>
      ) : (
        items
      )}
      <RecordPager page={list.page} hasNext={list.hasNext} />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
