/**
 * Guardians of a minor (spec 2 §3, §5): at most two, each with name, phone, e-mail and an
 * address unless "same address" is ticked. Adding and removing are conform's list intents on
 * ordinary submit buttons, so they work without JS (the server answers the changed list); with
 * JS they happen at once and the address fields hide when "same address" is ticked. Saving posts
 * the whole list (intent guardians). The page keys the form by the saved list, so a save starts a
 * fresh form with the stored (normalised) values.
 */
import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Form, useNavigation } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { z } from 'zod';
import { CheckboxField, TextField } from '~/components/forms/FormFields';
import { useTranslation } from '~/i18n/react';
import { guardiansSchema, MAX_GUARDIANS, type GuardianView } from '~/models/account/my-information';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';

export function GuardianForm({
  ward,
  guardians,
  prefilledName,
  lastResult,
}: {
  ward: { id: string; name: string };
  guardians: GuardianView[];
  /** The first guardian's name when the list is empty: the user's last name and first names. */
  prefilledName: string;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof guardiansSchema>>({
    id: `guardians-${ward.id}`,
    lastResult,
    constraint: getZodConstraint(guardiansSchema),
    defaultValue: { wardId: ward.id, guardians },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: guardiansSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const list = fields.guardians.getFieldList();
  // Without JS the address fields stay visible (the server ignores them when "same address" is ticked).
  const hydrated = useHydrated();
  const saving = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'guardians';
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
          const same = g.isGuardianHasSameAddress.value === 'on' || g.isGuardianHasSameAddress.value === 'true';
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
              {hydrated && same ? null : (
                <div className={s.formGrid}>
                  <TextField meta={g.streetAddress} label={t('myInformation.guardians.streetAddress')} autoComplete="off" className={s.wide} />
                  <TextField meta={g.zipCode} label={t('myInformation.guardians.zipCode')} autoComplete="off" inputMode="numeric" />
                  <TextField meta={g.postOffice} label={t('myInformation.guardians.postOffice')} autoComplete="off" />
                </div>
              )}
              <button className={ui.button.secondary} {...form.remove.getButtonProps({ name: fields.guardians.name, index })}>
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
            >
              {t('myInformation.guardians.add')}
            </button>
          ) : null}
          <button type="submit" name="intent" value="guardians" className={ui.button.primary} disabled={saving}>
            {t('myInformation.guardians.save')}
          </button>
        </div>
      </Form>
    </section>
  );
}
