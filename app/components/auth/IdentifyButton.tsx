/** A plain form post that sends the visitor to strong identification and back to this page. */
import { useTranslation } from '~/i18n/react';
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
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
