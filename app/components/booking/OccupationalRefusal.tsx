/**
 * Why an employee cannot book on their agreement (spec 3 §4, §8): no occupational health
 * agreement (with the private-customer link), or no web reservation in it (the occupational
 * customer service's number, or the special-contract panel). Shared by the occupational list
 * and the occupational reserve page.
 */
import { Link } from 'react-router';
import { brand as brandFacts } from '~/brands';
import { usePortalEnv } from '~/components/portal-env';
import type { Language } from '~/i18n/config';
import { useTranslation } from '~/i18n/react';
import { pagePath } from '~/route-table';
import { OCCUPATIONAL_SERVICE_PHONE } from '~/services/booking/occupational-rules';
import * as ui from '~/styles/ui.css';

export function OccupationalRefusal({
  reason,
  lang,
  specialContract = false,
  headingLevel = 1,
}: {
  reason: 'noOccupationalHealthcare' | 'noWebReservation';
  lang: Language;
  specialContract?: boolean;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  if (reason === 'noOccupationalHealthcare') {
    return (
      <section className={ui.card} aria-labelledby="ohc-refusal-title">
        <Heading id="ohc-refusal-title">{t('occupational.noOccupationalHealthcare.title')}</Heading>
        <p>{t('occupational.noOccupationalHealthcare.text')}</p>
        <Link className={ui.button.primary} to={pagePath('privateSearch', lang)}>
          {t('occupational.noOccupationalHealthcare.privateLink')}
        </Link>
      </section>
    );
  }
  // The occupational number serves Finnish and English; Swedish gets the brand's customer service.
  const phone = lang === 'sv' ? brand.customerService : OCCUPATIONAL_SERVICE_PHONE;
  const texts = specialContract ? 'specialContract' : 'noWebReservation';
  return (
    <section className={ui.card} aria-labelledby="ohc-refusal-title">
      <Heading id="ohc-refusal-title">{t(`occupational.${texts}.title`)}</Heading>
      <p>
        {t(`occupational.${texts}.text`)} <a href={`tel:${phone.tel}`}>{phone.display}</a>
      </p>
    </section>
  );
}
