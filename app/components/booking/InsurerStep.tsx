/**
 * The insurer step of the insurance reserve page (spec 3 §4, §5; ADR 0022): the insurer, then
 * its sub-form (IF's reimbursement choice, LähiTapiola's direct compensation, OP's
 * verification and the Pohjola check). Every control is a plain form posting to the reserve
 * page, which answers with a redirect back here (the next sub-state) or the refusal, so the step
 * works the same with and without JavaScript; the permit application is a link (a navigation
 * to the insurer and back).
 */
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { ChoiceRow } from '~/components/forms';
import { useTranslation } from '~/i18n/react';
import {
  INSURERS,
  type InsuranceSummaryView,
  type Insurer,
  type InsurerPostRefusal,
  type InsurerStepView,
  type InsurerSubStep,
} from '~/models/booking/insurance';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';
import { ReservationLayout } from './ReservationLayout';

export type { InsuranceSummaryView, InsurerStepView };

function Post({ intent, label, primary = false }: { intent: string; label: string; primary?: boolean }) {
  return (
    <Form method="post" className={ui.buttonRow}>
      <AuthenticityTokenInput name="csrf" />
      <button type="submit" name="intent" value={intent} className={primary ? ui.button.primary : ui.button.secondary}>
        {label}
      </button>
    </Form>
  );
}

function InsurerRefusal({ reason }: { reason: InsurerPostRefusal | null }) {
  const { t } = useTranslation();
  if (!reason) return null;
  return (
    <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
      <p>{t(`insurance.errors.${reason}`)}</p>
    </div>
  );
}

export function InsurerStep({ view, refusal }: { view: InsurerStepView; refusal: InsurerPostRefusal | null }) {
  const { t } = useTranslation();
  const { sub } = view;
  return (
    <ReservationLayout preview={view.preview} titleId="insurer-title" title={t('insurance.step.title')}>
      <InsurerRefusal reason={refusal} />
      {sub.step === 'chooseInsurer' ? (
        <>
          <p>{t('insurance.step.intro')}</p>
          <Form method="post">
            <AuthenticityTokenInput name="csrf" />
            <fieldset className={s.fieldset}>
              <legend className={s.legend}>{t('insurance.step.chooseLegend')}</legend>
              {INSURERS.map((insurer) => (
                <ChoiceRow
                  key={insurer}
                  id={`insurer-${insurer}`}
                  label={t(`insurance.insurers.${insurer}`)}
                  type="radio"
                  name="insurer"
                  value={insurer}
                  required
                />
              ))}
            </fieldset>
            <button type="submit" name="intent" value="insurer-choose" className={ui.button.primary}>
              {t('insurance.step.choose')}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p>
            <strong>{t('insurance.step.chosen', { insurer: t(`insurance.insurers.${view.insurer ?? 'OTHER'}`) })}</strong>
          </p>
          {sub.step === 'ifReimbursement' ? <IfForm view={view} /> : null}
          {sub.step === 'lahitapiola' ? <LahiTapiola view={view} state={sub.state} /> : null}
          {sub.step === 'opVerification' ? <OpVerification view={view} state={sub.state} /> : null}
          <Post intent="insurer-restart" label={t('insurance.step.change')} />
        </>
      )}
    </ReservationLayout>
  );
}

function IfForm({ view }: { view: InsurerStepView }) {
  const { t } = useTranslation();
  const companyDisabled = view.reimbursementOptions.some((o) => o.value === 'COMPANY_REIMBURSEMENT' && o.disabled);
  return (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <fieldset className={s.fieldset} aria-describedby={companyDisabled ? 'company-remote' : undefined}>
        <legend className={s.legend}>{t('insurance.if.legend')}</legend>
        {view.reimbursementOptions.map((option) => (
          <ChoiceRow
            key={option.value}
            id={`reimbursement-${option.value}`}
            label={t(`insurance.if.${option.value}`)}
            type="radio"
            name="reimbursement"
            value={option.value}
            disabled={option.disabled}
            required
          />
        ))}
        {companyDisabled ? (
          <p id="company-remote" className={ui.hint}>
            {t('insurance.if.companyRemote')}
          </p>
        ) : null}
      </fieldset>
      <ChoiceRow id="if-consent" label={t('insurance.if.consent')} type="checkbox" name="consent" />
      <button type="submit" name="intent" value="if-reimbursement" className={ui.button.primary}>
        {t('insurance.if.save')}
      </button>
    </Form>
  );
}

function LahiTapiola({ view, state }: { view: InsurerStepView; state: Extract<InsurerSubStep, { step: 'lahitapiola' }>['state'] }) {
  const { t } = useTranslation();
  if (state === 'not_asked') {
    return (
      <Form method="post">
        <AuthenticityTokenInput name="csrf" />
        <p>{t('insurance.lahitapiola.intro')}</p>
        <ChoiceRow id="lt-consent" label={t('insurance.lahitapiola.consent')} type="checkbox" name="consent" required />
        <button type="submit" name="intent" value="lt-consent" className={ui.button.primary}>
          {t('insurance.lahitapiola.check')}
        </button>
      </Form>
    );
  }
  const apply = view.applyHref ? (
    <p>
      <Link className={ui.button.primary} to={view.applyHref} reloadDocument>
        {t('insurance.lahitapiola.apply')}
      </Link>
    </p>
  ) : (
    <p className={ui.hint}>{t('insurance.lahitapiola.applyOwn')}</p>
  );
  if (state === 'insurance_found_with_permits') {
    return (
      <>
        <Form method="post">
          <AuthenticityTokenInput name="csrf" />
          <fieldset className={s.fieldset}>
            <legend className={s.legend}>{t('insurance.lahitapiola.permitsLegend')}</legend>
            {(view.permits ?? []).map((permit, i) => (
              <ChoiceRow
                key={permit.contentHash}
                id={`permit-${i}`}
                label={t('insurance.lahitapiola.permit', { symptom: permit.symptom, bodyPart: permit.bodyPart, validTo: permit.validTo })}
                type="radio"
                name="permit"
                value={permit.contentHash}
                required
              />
            ))}
          </fieldset>
          <button type="submit" name="intent" value="lt-select" className={ui.button.primary}>
            {t('insurance.lahitapiola.select')}
          </button>
        </Form>
        {apply}
      </>
    );
  }
  return (
    <>
      <p role="status" className={`${ui.alertBox} ${state === 'insurance_found_no_permits' ? ui.alert.info : ui.alert.error}`}>
        {t(`insurance.lahitapiola.${state}`)}
      </p>
      {state === 'insurance_not_found' ? null : apply}
      <Post intent="lt-restart" label={t('insurance.lahitapiola.restart')} />
    </>
  );
}

function OpVerification({ view, state }: { view: InsurerStepView; state: Extract<InsurerSubStep, { step: 'opVerification' }>['state'] }) {
  const { t } = useTranslation();
  const pohjola = view.pohjola;
  return (
    <>
      {pohjola ? (
        <p>
          {pohjola === 'error'
            ? t('insurance.op.pohjolaError')
            : t(pohjola.hasInsurance ? 'insurance.op.pohjolaYes' : 'insurance.op.pohjolaNo', { date: view.slotDate })}
        </p>
      ) : null}
      {state === 'undefined' ? (
        <>
          <p>{t('insurance.op.intro')}</p>
          <Post intent="op-verify" label={t('insurance.op.verify')} primary />
        </>
      ) : (
        <>
          <p role="status" className={`${ui.alertBox} ${ui.alert.error}`}>
            {t(`insurance.op.${state}`)}
          </p>
          <Post intent="op-retry" label={t('insurance.op.retry')} />
        </>
      )}
      <Post intent="op-dismiss" label={t('insurance.op.dismiss')} />
    </>
  );
}

/** Above the booking form: the declared insurer (with the permit or verification) and how to change it. */
export function InsuranceSummary({ summary, refusal }: { summary: InsuranceSummaryView; refusal: InsurerPostRefusal | null }) {
  const { t } = useTranslation();
  const detail = summary.permit
    ? t('insurance.lahitapiola.selected', {
        permit: t('insurance.lahitapiola.permit', { symptom: summary.permit.symptom, bodyPart: summary.permit.bodyPart, validTo: summary.permit.validTo }),
      })
    : summary.underage
      ? t('insurance.lahitapiola.underageCustomer')
      : summary.reimbursement
        ? t('insurance.if.saved', { choice: t(`insurance.if.${summary.reimbursement}`) })
        : summary.op
          ? t(`insurance.op.${summary.op}`)
          : null;
  return (
    <div className={`${ui.alertBox} ${ui.alert.info}`}>
      <InsurerRefusal reason={refusal} />
      <p>
        <strong>{t('insurance.declared', { insurer: t(`insurance.insurers.${summary.insurer}`) })}</strong>
      </p>
      {detail ? <p>{detail}</p> : null}
      {summary.permit ? <Post intent="lt-remove" label={t('insurance.lahitapiola.remove')} /> : null}
      {summary.op === 'found' ? <Post intent="op-remove" label={t('insurance.op.remove')} /> : null}
      <Post intent="insurer-restart" label={t('insurance.step.change')} />
    </div>
  );
}

/** The confirmation's line: which insurer the customer declared. */
export function DeclaredInsurer({ insurer }: { insurer: Insurer }) {
  const { t } = useTranslation();
  return <p>{t('insurance.declared', { insurer: t(`insurance.insurers.${insurer}`) })}</p>;
}
