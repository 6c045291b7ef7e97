/**
 * The children's brand asks whose appointment it is (plain links, `?for=self|child`). A child's
 * appointment is booked through customer service until guardian booking exists: the panel gives
 * the brand's phone number and never leads to a form that would book for the guardian.
 */
import { useTranslation } from '~/i18n/react';
import { Link } from 'react-router';
import { brand as brandFacts } from '~/brands';
import { usePortalEnv } from '~/components/portal-env';
import * as s from '~/styles/reservation.css';
import * as ui from '~/styles/ui.css';

export function OwnOrChildChoice() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="choice-title">
      <h1 id="choice-title">{t('reservation.choice.title')}</h1>
      <ul className={s.choiceList}>
        <li>
          <Link className={s.choice} to="?for=self">
            <span className={s.choiceTitle}>{t('reservation.choice.own')}</span>
            <span>{t('reservation.choice.ownHint')}</span>
          </Link>
        </li>
        <li>
          <Link className={s.choice} to="?for=child">
            <span className={s.choiceTitle}>{t('reservation.choice.child')}</span>
            <span>{t('reservation.choice.childHint')}</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

export function ChildByPhone() {
  const { t } = useTranslation();
  const { customerService } = brandFacts(usePortalEnv().brand);
  return (
    <section className={ui.card} aria-labelledby="child-title">
      <h1 id="child-title">{t('reservation.choice.childTitle')}</h1>
      <p>{t('reservation.choice.childText')}</p>
      <dl className={s.contactList}>
        <dt>{t('reservation.choice.childPhone')}</dt>
        <dd>
          <a href={`tel:${customerService.tel}`}>{customerService.display}</a>
        </dd>
      </dl>
      <p>
        <Link to="?">{t('reservation.choice.back')}</Link>
      </p>
    </section>
  );
}
