/**
 * Whose appointment it is (plain links, `?for=self|child`): the children's brand and times for
 * children ask. A guardian then picks the child (`WardChoice`); when the population register
 * cannot be asked, the child is booked through customer service (`ChildByPhone`, the brand's
 * phone number), and a person with no child to act for is told so (`NoWards`).
 */
import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { usePortalEnv } from '~/components/portal-env';
import * as s from '~/styles/booking.css';
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

/** The guardian picks the child (links keep the choice: `?for=child&ward=<id>`). */
export function WardChoice({ wards }: { wards: { id: string; name: string }[] }) {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="ward-title">
      <h1 id="ward-title">{t('reservation.choice.wardTitle')}</h1>
      <p>{t('reservation.choice.wardIntro')}</p>
      <ul className={s.choiceList}>
        {wards.map((ward) => (
          <li key={ward.id}>
            <Link className={s.choice} to={`?${new URLSearchParams({ for: 'child', ward: ward.id })}`}>
              <span className={s.choiceTitle}>{ward.name}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <Link to="?">{t('reservation.choice.back')}</Link>
      </p>
    </section>
  );
}

/** A child's appointment, but the register names no child the person may book for. */
export function NoWards() {
  const { t } = useTranslation();
  return (
    <section className={ui.card} aria-labelledby="no-wards-title">
      <h1 id="no-wards-title">{t('reservation.choice.noWardsTitle')}</h1>
      <p>{t('reservation.choice.noWardsText')}</p>
      <p>
        <Link to="?for=self">{t('reservation.choice.own')}</Link>
      </p>
    </section>
  );
}
