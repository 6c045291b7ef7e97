/**
 * Acting on a Suomi.fi mandate (issue 42, ADR 0050), under the header on every page: whom the
 * person acts for and what the mandate covers — another adult, or the client company they
 * represent on a YPA mandate — each with the one action back to their own matters; the terms of
 * Suomi.fi e-Authorizations require it to be evident. On the front page it offers to start
 * either that is not on. Plain forms: works without JavaScript.
 */
import type { ReactNode } from 'react';
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

/** A plain form posting to one of the mandate routes, its button labelled (and described by a hint). */
function MandatePost({ action, label, hint }: { action: string; label: string; hint?: { id: string; text: string } }) {
  return (
    <Form method="post" action={action} reloadDocument>
      <AuthenticityTokenInput name="csrf" />
      <button type="submit" className={ui.button.secondary} aria-describedby={hint?.id}>
        {label}
      </button>
      {hint ? (
        <>
          {' '}
          <span id={hint.id} className={ui.hint}>
            {hint.text}
          </span>
        </>
      ) : null}
    </Form>
  );
}

/** The bar of one mandate in force: who, what it covers, and the way back. */
function MandateBar({ marker, title, detail, stop }: { marker: string; title: string; detail: string; stop: { action: string; label: string } }) {
  return (
    <div className={s.headerInner} {...{ [marker]: '' }}>
      <div className={`${ui.alertBox} ${ui.alert.info} ${ui.fullWidth}`} role="region" aria-label={title}>
        <strong>{title}</strong>
        <span className={ui.hint}> {detail}</span>
        <MandatePost action={stop.action} label={stop.label} />
      </div>
    </div>
  );
}

export function ActingForBar({ acting, company, offerStart }: { acting: ActingForView | null; company: string | null; offerStart: boolean }) {
  const { t } = useTranslation();
  const bars: ReactNode[] = [];
  if (company) {
    bars.push(
      <MandateBar
        key="company"
        marker="data-acting-for-company"
        title={t('actingFor.company.banner', { company })}
        detail={t('actingFor.company.bannerHint')}
        stop={{ action: '/company-mandate/stop', label: t('actingFor.company.stop') }}
      />,
    );
  }
  if (acting) {
    const issues = ISSUES.filter((i) => acting.issues.includes(i)).map((i) => t(`actingFor.issues.${i}`));
    bars.push(
      <MandateBar
        key="person"
        marker="data-acting-for"
        title={t('actingFor.banner', { name: acting.name })}
        detail={t('actingFor.bannerIssues', { issues: issues.join(', ') })}
        stop={{ action: '/acting-for/stop', label: t('actingFor.stop') }}
      />,
    );
  } else if (offerStart) {
    bars.push(
      <div key="offer" className={s.headerInner} role="region" aria-label={t('actingFor.start')}>
        <MandatePost action="/acting-for/start" label={t('actingFor.start')} hint={{ id: 'acting-for-hint', text: t('actingFor.startHint') }} />
        {company ? null : (
          <MandatePost
            action="/company-mandate/start"
            label={t('actingFor.company.start')}
            hint={{ id: 'company-mandate-hint', text: t('actingFor.company.startHint') }}
          />
        )}
      </div>,
    );
  }
  return bars.length ? <>{bars}</> : null;
}
