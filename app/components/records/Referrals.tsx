/** Lab and imaging referrals as a list: title, created, valid until or "Not valid", a validity hint. */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import type { ReferralView } from '~/services/records/records-rules';
import { PractitionerPicture } from '~/components/PractitionerPicture';
import * as picture from '~/styles/practitioner.css';
import * as s from '~/styles/records.css';
import { useValidityText } from './RecordNav';

export function ReferralList({ items, hrefOf }: { items: ReferralView[]; hrefOf: (id: number) => string }) {
  const { t } = useTranslation();
  const validity = useValidityText();
  return (
    <ul className={s.items}>
      {items.map((r) => (
        <li key={r.id} className={s.item}>
          <h3>
            <Link to={hrefOf(r.id)}>{r.title}</Link>
          </h3>
          <p className={s.muted}>{t('records.lab.created', { date: r.creationText })}</p>
          <ReferralValidity referral={r} />
          {r.status === 'valid' && r.hint ? <p>{validity(r.hint)}</p> : null}
        </li>
      ))}
    </ul>
  );
}

function ReferralValidity({ referral }: { referral: ReferralView }) {
  const { t } = useTranslation();
  return referral.status === 'expired' ? (
    <p className={s.badge}>{t('records.lab.notValid')}</p>
  ) : (
    <p>{t('records.lab.validUntil', { date: referral.validUntilText })}</p>
  );
}

export function ReferralDetails({ referral }: { referral: ReferralView }) {
  const { t } = useTranslation();
  const validity = useValidityText();
  return (
    <>
      <h2>{referral.title}</h2>
      <p className={s.muted}>{t('records.lab.created', { date: referral.creationText })}</p>
      <ReferralValidity referral={referral} />
      {referral.status === 'valid' && referral.hint ? <p>{validity(referral.hint)}</p> : null}
      <dl className={s.details}>
        {referral.practitionerName ? (
          <>
            <dt className={s.term}>{t('records.lab.practitioner')}</dt>
            <dd className={`${s.definition} ${picture.withPicture}`}>
              {referral.practitioner ? <PractitionerPicture practitioner={referral.practitioner} clinicCode={null} /> : null}
              <span>{referral.practitionerName}</span>
            </dd>
          </>
        ) : null}
        {referral.description ? (
          <>
            <dt className={s.term}>{t('records.lab.description')}</dt>
            <dd className={s.definition} lang="fi">
              {referral.description}
            </dd>
          </>
        ) : null}
      </dl>
      {referral.patientInstructionsUrl ? (
        <p>
          <a href={referral.patientInstructionsUrl} rel="noopener noreferrer">
            {t('records.lab.instructions')}
          </a>
        </p>
      ) : null}
    </>
  );
}
