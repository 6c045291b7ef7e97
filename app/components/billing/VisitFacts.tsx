/**
 * A self-paid remote visit's facts (when, fee, for whom): the pay-a-visit list and the fee's
 * approval show them alike.
 */
import { useTranslation } from '~/i18n/react';
import * as styles from '~/styles/billing.css';

export function VisitFacts({ visit }: { visit: { when: string; sum: string; patientName: string | null } }) {
  const { t } = useTranslation();
  return (
    <>
      <dl className={styles.facts}>
        <dt className={styles.factTerm}>{t('invoices.visit.when')}</dt>
        <dd className={styles.factValue}>{visit.when}</dd>
        <dt className={styles.factTerm}>{t('invoices.visit.fee')}</dt>
        <dd className={styles.factValue}>{visit.sum}</dd>
      </dl>
      {visit.patientName ? <p>{t('invoices.visit.patient', { name: visit.patientName })}</p> : null}
    </>
  );
}
