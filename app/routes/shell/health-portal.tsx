/**
 * The health portal's front page (spec 1 §2 "health-portal front page"; its content is ours,
 * ADR 0041): what a patient of a Finnish private provider expects there, built from the portal's
 * own services. A symptom check (where to turn by urgency: 112, the Medical Helpline 116117, our
 * customer service's nurse, a secure message when the visitor can write one, booking), the booking
 * entry, health topics that each lead to the portal's page for them (vaccinations, laboratory,
 * prescriptions, mental support on the general brand) and, for visitors who are not yet patients,
 * the health portal's registration (`hpa/register`, spec 3 §2). For anyone, on both brands.
 *
 * Links only: plain HTML (ADR 0009).
 */
import { Link } from 'react-router';
import { brand as brandFacts } from '~/brands';
import { LinkLine } from '~/components/LinkLine';
import { Section } from '~/components/Section';
import { CRISIS_NUMBERS } from '~/components/shell/CrisisLines';
import { authContext, portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { pagePath, pageRefusal } from '~/route-table';
import { messagesInNavigation } from '~/services/messaging/conversations.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/health-portal';

const TOPICS = ['vaccinations', 'laboratory', 'prescriptions', 'mentalSupport'] as const;

export async function loader({ context }: Route.LoaderArgs) {
  const { lang, brand } = context.get(portalContext);
  const auth = context.get(authContext);
  const facts = brandFacts(brand);
  const here = pagePath('healthPortal', lang);
  return {
    title: pageTitle(context, 'healthPortal.title'),
    customerService: { tel: facts.customerService.tel, display: facts.customerService.display, info: facts.customerService.info[lang] },
    // A secure message to the care team: only who can write one (occupational customers with messaging).
    messageHref: auth && messagesInNavigation(auth, brand) ? pagePath('conversationNew', lang) : null,
    bookingHref: pagePath('bookingLanding', lang),
    // Each topic's page, where the brand has it (mental support: the general brand).
    topics: TOPICS.filter((topic) => pageRefusal(topic, brand, auth?.features ?? null) !== 'notFound').map((topic) => ({
      topic,
      href: pagePath(topic, lang),
    })),
    // Not yet a patient (or not logged in): the health portal's registration, then back here.
    registerHref: auth?.person.isPatient ? null : pagePath('hpaRegistration', lang, {}, new URLSearchParams({ next: here })),
  };
}

export default function HealthPortal({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { customerService, messageHref, bookingHref, topics, registerHref } = loaderData;
  return (
    <>
      <h1>{t('healthPortal.title')}</h1>
      <p>{t('healthPortal.intro')}</p>
      <Section id="symptom-check" title={t('healthPortal.symptoms.heading')}>
        <p>{t('healthPortal.symptoms.intro')}</p>
        <ol>
          <li>
            {t('healthPortal.symptoms.emergency')}{' '}
            <a href={`tel:${CRISIS_NUMBERS.emergency.tel}`}>
              <strong>{CRISIS_NUMBERS.emergency.display}</strong>
            </a>
          </li>
          <li>
            {t('healthPortal.symptoms.urgent')}{' '}
            <a href={`tel:${CRISIS_NUMBERS.medicalHelpline.tel}`}>
              <strong>{CRISIS_NUMBERS.medicalHelpline.display}</strong>
            </a>
          </li>
          <li>
            {t('healthPortal.symptoms.nurse')} <a href={`tel:${customerService.tel}`}>{customerService.display}</a>{' '}
            <span className={ui.hint}>{customerService.info}</span>
          </li>
          {messageHref ? (
            <li>
              <Link to={messageHref}>{t('healthPortal.symptoms.message')}</Link>
            </li>
          ) : null}
          <li>
            <Link to={bookingHref}>{t('healthPortal.symptoms.book')}</Link>
          </li>
        </ol>
      </Section>
      <Section id="health-portal-booking" title={t('healthPortal.booking.heading')}>
        <p>{t('healthPortal.booking.text')}</p>
        <p>
          <Link className={ui.button.primary} to={bookingHref}>
            {t('healthPortal.booking.link')}
          </Link>
        </p>
      </Section>
      <Section id="health-topics" title={t('healthPortal.topics.heading')} plain>
        <ul className={ui.list}>
          {topics.map(({ topic, href }) => (
            <li key={topic} className={ui.card}>
              <h3>{t(`healthPortal.topics.${topic}.title`)}</h3>
              <p>{t(`healthPortal.topics.${topic}.text`)}</p>
              <LinkLine to={href}>{t(`healthPortal.topics.${topic}.link`)}</LinkLine>
            </li>
          ))}
        </ul>
      </Section>
      {registerHref ? (
        <Section id="health-portal-register" title={t('healthPortal.register.heading')}>
          <p>{t('healthPortal.register.text')}</p>
          <LinkLine to={registerHref}>{t('healthPortal.register.link')}</LinkLine>
        </Section>
      ) : null}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
