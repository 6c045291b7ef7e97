/**
 * The contact info editor (spec 2 §4 "Contact form", spec 3 §4 "Contact info editor"): a
 * read-only view with an edit link (ContactSummary), and the edit form (names read-only; street,
 * postal code, post office, phone, e-mail, message language). Editing is a real address
 * (`?edit=contact`), so edit and cancel are links and saving is a plain post; the server checks
 * the schema and answers with the errors and what was typed.
 *
 * The inputs carry the schema's native constraints (`constraint`, from the loader's
 * `getZodConstraint`). With JS, save stays disabled while a field fails them and while saving
 * (`data-needs-valid`, `data-pending`), and the phone is normalised on leaving the field
 * (`data-phone`, app/browser/phone.ts). No zod in the browser.
 *
 * A new phone or e-mail needs a recent strong identification (ADR 0047): when the session's is
 * not recent the form says so before anything is typed (`reidentify`, with the link to identify
 * again and come back), and a save the server refused for it (`refused`) says nothing was saved.
 */
import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { SelectField, PhoneField, TextField, type FieldConstraints } from '~/components/forms';
import { attrs } from '~/browser/markup';
import { LANGUAGES } from '~/i18n/config';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import type { ContactValues } from '~/models/contact';
import { CONTACT_FIELDS, invalidFields, type ContactField } from '~/models/account/my-information';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';

export type { ContactValues };
export { ContactSummary } from './ContactSummary';

const LABEL: Record<ContactField, TextKey> = {
  streetAddress: 'myInformation.contact.streetAddress',
  zipCode: 'myInformation.contact.zipCode',
  postOffice: 'myInformation.contact.postOffice',
  phoneNumber: 'myInformation.contact.phoneNumber',
  emailAddress: 'myInformation.contact.emailAddress',
  language: 'myInformation.contact.language',
};

/** Where to identify again and how recent an identification must be, when the session's is not (ADR 0047). */
export interface ReidentifyView {
  href: string;
  minutes: number;
}

/** The edit form. `failed`: the save failed for another reason than the input (spec 3 §8). */
export function ContactForm({
  contact,
  lastResult,
  cancelHref,
  failed,
  constraint,
  reidentify = null,
  refused = false,
}: {
  contact: ContactValues;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelHref: string;
  failed: boolean;
  /** The contact schema's native constraints (`getZodConstraint(contactSchema)`, by the loader). */
  constraint: FieldConstraints;
  /** Set when the phone and e-mail cannot be changed before identifying again. */
  reidentify?: ReidentifyView | null;
  /** The server refused the save: the phone or e-mail changed without a recent identification. */
  refused?: boolean;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm<ContactValues>({ id: 'contact', lastResult, constraint, defaultValue: contact });
  const invalid = invalidFields(CONTACT_FIELDS, form.allErrors);
  return (
    <section aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('myInformation.contact.title')}</h2>
      {failed ? (
        <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          <p>{t('myInformation.contact.failed')}</p>
        </div>
      ) : null}
      {invalid.length > 0 ? (
        <div role="alert" className={`${ui.alertBox} ${ui.alert.error}`}>
          <p>{t('myInformation.contact.checkFields', { fields: invalid.map((name) => t(LABEL[name])).join(', ') })}</p>
        </div>
      ) : null}
      {reidentify ? (
        <div role={refused ? 'alert' : undefined} className={`${ui.alertBox} ${refused ? ui.alert.error : ui.alert.info}`} id="contact-reidentify">
          <p>{refused ? t('myInformation.contact.reidentifyRefused') : t('myInformation.contact.reidentifyNeeded', { minutes: reidentify.minutes })}</p>
          <p>
            <a href={reidentify.href} className={ui.button.secondary}>
              {t('myInformation.contact.reidentifyLink')}
            </a>
          </p>
        </div>
      ) : null}
      <p className={ui.hint}>{t('myInformation.contact.namesReadOnly')}</p>
      <dl className={s.contactList}>
        <dt>{t('myInformation.contact.firstName')}</dt>
        <dd>{contact.firstName}</dd>
        <dt>{t('myInformation.contact.lastName')}</dt>
        <dd>{contact.lastName}</dd>
      </dl>
      <Form method="post" {...getFormProps(form)} noValidate {...attrs({ phone: true })}>
        <AuthenticityTokenInput name="csrf" />
        <div className={s.formGrid}>
          <TextField meta={fields.streetAddress} label={t(LABEL.streetAddress)} autoComplete="address-line1" className={s.wide} />
          <TextField meta={fields.zipCode} label={t(LABEL.zipCode)} autoComplete="postal-code" inputMode="numeric" />
          <TextField meta={fields.postOffice} label={t(LABEL.postOffice)} autoComplete="address-level2" />
          <PhoneField meta={fields.phoneNumber} label={t(LABEL.phoneNumber)} hint={t('myInformation.contact.phoneHint')} />
          <TextField meta={fields.emailAddress} label={t(LABEL.emailAddress)} type="email" autoComplete="email" />
          <SelectField meta={fields.language} label={t(LABEL.language)}>
            {/* A required select starts with an empty placeholder option, so `required` means something (HTML: placeholder label option). */}
            <option value="">{t('myInformation.contact.chooseLanguage')}</option>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {t(`language.${lang}`)}
              </option>
            ))}
          </SelectField>
        </div>
        <div className={ui.buttonRow}>
          <button
            type="submit"
            name="intent"
            value="contact"
            className={ui.button.primary}
            {...attrs({ needsValid: true, pending: t('myInformation.contact.saving') })}
          >
            {t('myInformation.contact.save')}
          </button>
          <Link to={cancelHref} className={ui.button.secondary}>
            {t('myInformation.contact.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
