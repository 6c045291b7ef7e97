/**
 * Acting for another adult (issue 42, ADR 0050), under the header on every page: whom the person
 * acts for and what the mandate covers, and the one action back to their own matters — the
 * terms of Suomi.fi e-Authorizations require it to be evident. On the front page, when not
 * acting, it offers to start. Plain forms: works without JavaScript.
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

export function ActingForBar({ acting, offerStart }: { acting: ActingForView | null; offerStart: boolean }) {
  const { t } = useTranslation();
  if (acting) {
    const issues = ISSUES.filter((i) => acting.issues.includes(i)).map((i) => t(`actingFor.issues.${i}`));
    return (
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
    );
  }
  if (!offerStart) return null;
  return (
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
    </div>
  );
}
