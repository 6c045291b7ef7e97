/**
 * The saved contact details, read-only, with a link to edit them (spec 2 §4 "Contact form",
 * spec 3 §4 "Contact info editor"): my information's basic tab and the logged-in booking form
 * (through BookingContact). Text and a link only, no form library and no zod.
 */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { ContactValues } from '~/models/contact';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';

export function ContactSummary({ contact, editHref, headingLevel = 2 }: { contact: ContactValues; editHref: string; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const shown = (value: string) => value || t('myInformation.contact.notGiven');
  return (
    <section aria-labelledby="contact-summary-title">
      <Heading id="contact-summary-title">{t('myInformation.contact.title')}</Heading>
      <dl className={s.contactList}>
        <dt>{t('myInformation.contact.name')}</dt>
        <dd>{`${contact.firstName} ${contact.lastName}`}</dd>
        <dt>{t('myInformation.contact.streetAddress')}</dt>
        <dd>{shown(contact.streetAddress)}</dd>
        <dt>{t('myInformation.contact.zipCode')}</dt>
        <dd>{shown(contact.zipCode)}</dd>
        <dt>{t('myInformation.contact.postOffice')}</dt>
        <dd>{shown(contact.postOffice)}</dd>
        <dt>{t('myInformation.contact.phoneNumber')}</dt>
        <dd>{shown(contact.phoneNumber)}</dd>
        <dt>{t('myInformation.contact.emailAddress')}</dt>
        <dd>{shown(contact.emailAddress)}</dd>
        <dt>{t('myInformation.contact.language')}</dt>
        <dd>{t(`language.${contact.language}`)}</dd>
      </dl>
      <Link to={editHref} className={ui.button.secondary}>
        {t('myInformation.contact.edit')}
      </Link>
    </section>
  );
}
