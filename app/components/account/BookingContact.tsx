/**
 * The contact info editor inside the logged-in booking form (spec 3 §4): instead of separate
 * phone and e-mail fields, the saved contact details read-only with a link to edit them on my
 * information, which returns to this reservation (saveAction go-to-reserve-appointment-page).
 * The form still posts the saved phone and e-mail (hidden), which the reservation checks; an
 * invalid or missing one is shown here with the edit link.
 */
import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { useMessageText } from '~/i18n/react';
import type { ContactValues } from '~/models/contact';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';
import { ContactSummary } from './ContactSummary';

export function BookingContact({
  contact,
  editHref,
  phone,
  email,
}: {
  contact: ContactValues;
  editHref: string;
  phone: FieldMetadata<unknown>;
  email: FieldMetadata<unknown>;
}) {
  const messageText = useMessageText();
  const errors = [phone, email].flatMap((meta) => (meta.errors?.[0] ? [{ id: meta.errorId, key: meta.errors[0] }] : []));
  const { key: phoneKey, ...phoneProps } = getInputProps(phone, { type: 'hidden' });
  const { key: emailKey, ...emailProps } = getInputProps(email, { type: 'hidden' });
  return (
    <div className={s.wide}>
      <input key={phoneKey} {...phoneProps} />
      <input key={emailKey} {...emailProps} />
      {errors.map((error) => (
        <p key={error.id} id={error.id} className={ui.fieldError}>
          {messageText(error.key)}
        </p>
      ))}
      <ContactSummary contact={contact} editHref={editHref} headingLevel={3} />
    </div>
  );
}
