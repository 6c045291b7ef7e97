/**
 * The occupational reservation's confirmation (spec 3 §5): who pays, and the required checkbox
 * whose wording depends on the specialty (contract and doctor referral, contract and referral,
 * referral only, contract only; `none` renders nothing). Its error comes from the shared schema.
 */
import type { FieldMetadata } from '@conform-to/react';
import { useTranslation } from '~/i18n/react';
import { CheckboxField } from '~/components/forms';

const KINDS = ['contractAndDoctorReferral', 'contractAndReferral', 'referralOnly', 'contractOnly'] as const;
type AskedKind = (typeof KINDS)[number];

const isAsked = (kind: string): kind is AskedKind => (KINDS as readonly string[]).includes(kind);

export function OccupationalConfirmation({ meta, confirmation }: { meta: FieldMetadata<unknown>; confirmation: string }) {
  const { t } = useTranslation();
  return (
    <fieldset>
      <legend>{t('occupational.confirmation.legend')}</legend>
      <p>{t('occupational.payer')}</p>
      {isAsked(confirmation) ? <CheckboxField meta={meta} label={t(`occupational.confirmation.${confirmation}`)} /> : null}
    </fieldset>
  );
}
