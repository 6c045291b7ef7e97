/**
 * The contact info editor (spec 2 §4 "Contact form", spec 3 §4 "Contact info editor"): a
 * read-only view with an edit link, and the edit form (names read-only; street, postal code,
 * post office, phone, e-mail, message language). Editing is a real address (`?edit=contact`), so
 * without JS edit and cancel are links and saving is a plain post; with JS conform validates in
 * the browser, the phone is normalised on leaving the field and save stays disabled while saving
 * or while a field has an error. The booking form shows the same read-only view.
 */
import { getFormProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, Link, useNavigation } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { z } from 'zod';
import { TextField } from '~/components/forms/FormFields';
import { LANGUAGES } from '~/i18n/config';
import type { TextKey } from '~/i18n/keys';
import { useTranslation } from '~/i18n/react';
import {
  CONTACT_FIELDS,
  contactSchema,
  invalidFields,
  normalizePhoneForDisplay,
  type ContactField,
} from '~/models/account/my-information';
import type { ContactValues } from '~/models/contact';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';

export type { ContactValues };

const LABEL: Record<ContactField, TextKey> = {
  streetAddress: 'myInformation.contact.streetAddress',
  zipCode: 'myInformation.contact.zipCode',
  postOffice: 'myInformation.contact.postOffice',
  phoneNumber: 'myInformation.contact.phoneNumber',
  emailAddress: 'myInformation.contact.emailAddress',
  language: 'myInformation.contact.language',
};

/** The saved contact details, read-only, with a link to edit them. */
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

/** The edit form. `failed`: the save failed for another reason than the input (spec 3 §8). */
export function ContactForm({
  contact,
  lastResult,
  cancelHref,
  failed,
}: {
  contact: ContactValues;
  lastResult: SubmissionResult<string[]> | undefined;
  cancelHref: string;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof contactSchema>>({
    id: 'contact',
    lastResult,
    constraint: getZodConstraint(contactSchema),
    defaultValue: contact,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: contactSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'contact';
  const invalid = invalidFields(CONTACT_FIELDS, form.allErrors);
  // With JS the errors follow the typing, so save waits for them; without JS it never does.
  const hydrated = useHydrated();
  const { key: languageKey, ...languageProps } = getSelectProps(fields.language);
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
      <p className={ui.hint}>{t('myInformation.contact.namesReadOnly')}</p>
      <dl className={s.contactList}>
        <dt>{t('myInformation.contact.firstName')}</dt>
        <dd>{contact.firstName}</dd>
        <dt>{t('myInformation.contact.lastName')}</dt>
        <dd>{contact.lastName}</dd>
      </dl>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput name="csrf" />
        <div className={s.formGrid}>
          <TextField meta={fields.streetAddress} label={t(LABEL.streetAddress)} autoComplete="street-address" className={s.wide} />
          <TextField meta={fields.zipCode} label={t(LABEL.zipCode)} autoComplete="postal-code" inputMode="numeric" />
          <TextField meta={fields.postOffice} label={t(LABEL.postOffice)} autoComplete="address-level2" />
          <div
            onBlur={(event) => {
              const input = event.target as HTMLInputElement;
              if (input.name === fields.phoneNumber.name) input.value = normalizePhoneForDisplay(input.value.trim());
            }}
          >
            <TextField
              meta={fields.phoneNumber}
              label={t(LABEL.phoneNumber)}
              hint={t('myInformation.contact.phoneHint')}
              type="tel"
              autoComplete="tel"
            />
          </div>
          <TextField meta={fields.emailAddress} label={t(LABEL.emailAddress)} type="email" autoComplete="email" />
          <div className={ui.field}>
            <label className={ui.label} htmlFor={fields.language.id}>
              {t(LABEL.language)}
            </label>
            <select key={languageKey} {...languageProps} className={ui.input}>
              {LANGUAGES.map((lang) => (
                <option key={lang} value={lang}>
                  {t(`language.${lang}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className={ui.buttonRow}>
          <button type="submit" name="intent" value="contact" className={ui.button.primary} disabled={saving || (hydrated && invalid.length > 0)}>
            {saving ? t('myInformation.contact.saving') : t('myInformation.contact.save')}
          </button>
          <Link to={cancelHref} className={ui.button.secondary}>
            {t('myInformation.contact.cancel')}
          </Link>
        </div>
      </Form>
    </section>
  );
}
