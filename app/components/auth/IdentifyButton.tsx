/** A plain form post that sends the visitor to strong identification and back to this page. */
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useTranslation } from '~/i18n/react';
import * as ui from '~/styles/ui.css';

export function IdentifyButton({ reason }: { reason: 'noPatient' }) {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <input type="hidden" name="reason" value={reason} />
      <button type="submit" name="intent" value="identify" className={ui.button.primary}>
        {t('reservation.identify.button')}
      </button>
    </Form>
  );
}

/**
 * The other way for a visitor who is not yet our patient (the anonymous form's "no patient"
 * answer): registering at a clinic's reception. A plain post, so the analytics event
 * `registerAtReception` is recorded by the server; the page then shows how (spec 1 §4, ADR 0041).
 */
export function ReceptionButton() {
  const { t } = useTranslation();
  return (
    <Form method="post">
      <AuthenticityTokenInput name="csrf" />
      <button type="submit" name="intent" value="reception" className={ui.button.secondary}>
        {t('reservation.reception.button')}
      </button>
    </Form>
  );
}
