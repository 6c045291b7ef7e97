/**
 * Guardians of a minor (spec 2 §3, §5): at most two, each with name, phone, e-mail and an
 * address unless "same address" is ticked (then the address fields hide: CSS, with JS or
 * without). Adding and removing are conform's list intents on ordinary submit buttons, answered
 * by the server with the changed list (a plain post).
 * Saving posts the whole list (intent guardians); the server checks the schema, the inputs carry
 * its native constraints (`constraint`, from the loader). The page keys the form by the saved
 * list, so a save starts a fresh form with the stored (normalised) values. No zod in the browser.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { CheckboxField, TextField, type FieldConstraints } from '~/components/forms';
import { useTranslation } from '~/i18n/react';
import { MAX_GUARDIANS, type GuardianView } from '~/models/account/my-information';
import * as a from '~/styles/account.css';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';

export function GuardianForm({
  ward,
  guardians,
  prefilledName,
  lastResult,
  constraint,
}: {
  ward: { id: string; name: string };
  guardians: GuardianView[];
  /** The first guardian's name when the list is empty: the user's last name and first names. */
  prefilledName: string;
  lastResult: SubmissionResult<string[]> | undefined;
  /** The guardians schema's native constraints (`getZodConstraint(guardiansSchema)`, by the loader). */
  constraint: FieldConstraints;
}) {
  const { t } = useTranslation();
  const [form, fields] = useForm<{ wardId: string; guardians: GuardianView[] }>({
    id: `guardians-${ward.id}`,
    lastResult,
    constraint,
    defaultValue: { wardId: ward.id, guardians },
  });
  const list = fields.guardians.getFieldList();
  const titleId = `guardians-title-${ward.id}`;
  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{t('myInformation.guardians.title', { name: ward.name })}</h2>
      <p>{t('myInformation.guardians.intro')}</p>
      <Form method="post" {...getFormProps(form)} noValidate>
        <AuthenticityTokenInput name="csrf" />
        <input {...getInputProps(fields.wardId, { type: 'hidden' })} key={fields.wardId.key} />
        {list.length === 0 ? <p>{t('myInformation.guardians.none')}</p> : null}
        {list.map((item, index) => {
          const g = item.getFieldset();
          const legendId = `${item.id}-legend`;
          return (
            <fieldset key={item.key} className={s.fieldset} aria-labelledby={legendId}>
              <legend id={legendId} className={s.legend}>
                {t('myInformation.guardians.guardian', { n: index + 1 })}
              </legend>
              <div className={s.formGrid}>
                <TextField meta={g.name} label={t('myInformation.guardians.name')} autoComplete="off" className={s.wide} />
                <TextField meta={g.phone} label={t('myInformation.guardians.phone')} type="tel" autoComplete="off" />
                <TextField meta={g.emailAddress} label={t('myInformation.guardians.emailAddress')} type="email" autoComplete="off" />
              </div>
              <CheckboxField meta={g.isGuardianHasSameAddress} label={t('myInformation.guardians.sameAddress')} />
              <div className={`${s.formGrid} ${a.guardianAddress}`}>
                <TextField meta={g.streetAddress} label={t('myInformation.guardians.streetAddress')} autoComplete="off" className={s.wide} />
                <TextField meta={g.zipCode} label={t('myInformation.guardians.zipCode')} autoComplete="off" inputMode="numeric" />
                <TextField meta={g.postOffice} label={t('myInformation.guardians.postOffice')} autoComplete="off" />
              </div>
              <button
                className={ui.button.secondary}
                {...form.remove.getButtonProps({ name: fields.guardians.name, index })}
                {...attrs({ pending: t('myInformation.guardians.remove', { n: index + 1 }) })}
              >
                {t('myInformation.guardians.remove', { n: index + 1 })}
              </button>
            </fieldset>
          );
        })}
        <div className={ui.buttonRow}>
          {list.length < MAX_GUARDIANS ? (
            <button
              className={ui.button.secondary}
              {...form.insert.getButtonProps({
                name: fields.guardians.name,
                defaultValue: { name: list.length === 0 ? prefilledName : '', isGuardianHasSameAddress: true },
              })}
              {...attrs({ pending: t('myInformation.guardians.add') })}
            >
              {t('myInformation.guardians.add')}
            </button>
          ) : null}
          <button type="submit" name="intent" value="guardians" className={ui.button.primary} {...attrs({ pending: t('myInformation.contact.saving') })}>
            {t('myInformation.guardians.save')}
          </button>
        </div>
      </Form>
    </section>
  );
}
