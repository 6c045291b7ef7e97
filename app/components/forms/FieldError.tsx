/**
 * A field's first error as text (its i18n key translated), with the id the field's
 * aria-describedby names; nothing when the field is valid. For forms that lay out their own
 * controls (the message and absence forms).
 */
import { useMessageText } from '~/i18n/react';
import * as ui from '~/styles/ui.css';

export function FieldError({ meta }: { meta: { errors?: string[]; errorId: string } }) {
  const messageText = useMessageText();
  return meta.errors ? (
    <p className={ui.fieldError} id={meta.errorId}>
      {messageText(meta.errors[0]!)}
    </p>
  ) : null;
}
