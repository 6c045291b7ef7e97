/**
 * Acting for another adult (issue 42, ADR 0050), under the header on every page: whom the person
 * acts for and what the mandate covers, and the one action back to their own matters — the
 * terms of Suomi.fi e-Authorizations require it to be evident; likewise the client company they
 * represent on a YPA mandate. On the front page, when not acting, it offers to start either. Plain forms: works without JavaScript.
 */
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useTranslation } from '~/i18n/react';
import * as s from '~/styles/shell.css';
import * as ui from '~/styles/ui.css';

export interface ActingForView {
  name: string;
  issues: string[];
}

const ISSUES = ['appointments', 'invoices', 'records'] as const;

export function ActingForBar({ acting, company, offerStart }: { acting: ActingForView | null; company: string | null; offerStart: boolean }) {
  const { t } = useTranslation();
  // Representing a client company on a YPA mandate (issue 42 part 3): as evident, one action back.
  const companyBar = company ? (
    <div className={s.headerInner} data-acting-for-company="">
      <div className={`${ui.alertBox} ${ui.alert.info} ${ui.fullWidth}`} role="region" aria-label={t('actingFor.company.banner', { company })}>
        <strong>{t('actingFor.company.banner', { company })}</strong>
        <span className={ui.hint}> {t('actingFor.company.bannerHint')}</span>
        <Form method="post" action="/company-mandate/stop" reloadDocument>
          <AuthenticityTokenInput name="csrf" />
          <button type="submit" className={ui.button.secondary}>
            {t('actingFor.company.stop')}
          </button>
        </Form>
      </div>
    </div>
  ) : null;
  if (acting) {
    const issues = ISSUES.filter((i) => acting.issues.includes(i)).map((i) => t(`actingFor.issues.${i}`));
    return (
      <>
      {companyBar}
      <div className={s.headerInner} data-acting-for="">
        <div className={`${ui.alertBox} ${ui.alert.info} ${ui.fullWidth}`} role="region" aria-label={t('actingFor.banner', { name: acting.name })}>
          <strong>{t('actingFor.banner', { name: acting.name })}</strong>
          <span className={ui.hint}> {t('actingFor.bannerIssues', { issues: issues.join(', ') })}</span>
          <Form method="post" action="/acting-for/stop" reloadDocument>
            <AuthenticityTokenInput name="csrf" />
            <button type="submit" className={ui.button.secondary}>
              {t('actingFor.stop')}
            </button>
          </Form>
        </div>
      </div>
      </>
    );
  }
  if (!offerStart) return companyBar;
  return (
    <>
    {companyBar}
    <div className={s.headerInner} role="region" aria-label={t('actingFor.start')}>
      <Form method="post" action="/acting-for/start" reloadDocument>
        <AuthenticityTokenInput name="csrf" />
        <button type="submit" className={ui.button.secondary} aria-describedby="acting-for-hint">
          {t('actingFor.start')}
        </button>{' '}
        <span id="acting-for-hint" className={ui.hint}>
          {t('actingFor.startHint')}
        </span>
      </Form>
      {company ? null : (
        <Form method="post" action="/company-mandate/start" reloadDocument>
          <AuthenticityTokenInput name="csrf" />
          <button type="submit" className={ui.button.secondary} aria-describedby="company-mandate-hint">
            {t('actingFor.company.start')}
          </button>{' '}
          <span id="company-mandate-hint" className={ui.hint}>
            {t('actingFor.company.startHint')}
          </span>
        </Form>
      )}
    </div>
    </>
  );
}
