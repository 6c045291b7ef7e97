/**
 * The mental-support service's chat page (spec 1 §2 "a chat page for a mental-support service";
 * its content is ours, ADR 0041). How to reach our mental-support care, built from what the
 * portal has: a secure-messaging conversation (occupational customers with messaging: the new
 * conversation with their team's psychologist chosen and the subject set), a psychologist's free
 * times (the private list on specialty PSY, remote times included), the customer service's number
 * and hours; and, for anyone, the national emergency and crisis lines. No login needed: the crisis
 * lines must be reachable by anyone. General brand (whose messaging it uses).
 *
 * Links only: plain HTML (ADR 0009).
 */
import { Link } from 'react-router';
import { brand as brandFacts } from '~/brands';
import { Section } from '~/components/Section';
import { CrisisLines } from '~/components/shell/CrisisLines';
import { authContext, portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { careTeamOf, recipientOptions } from '~/services/messaging/care-team.server';
import { messagesInNavigation } from '~/services/messaging/conversations.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/mental-support';

/** Psychology (private list; a remote-type specialty, so remote times are included). */
const PSYCHOLOGY = new URLSearchParams({ specialtyIds: 'PSY', includeRemote: 'true' });

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'mentalSupport');
  const { lang, brand } = context.get(portalContext);
  const auth = context.get(authContext);
  const facts = brandFacts(brand);
  // How this visitor can write to us: log in first, a conversation with their team, or not at all.
  let message: { kind: 'login'; href: string } | { kind: 'write'; href: string } | { kind: 'unavailable' };
  if (!auth) {
    message = { kind: 'login', href: pagePath('login', lang, {}, new URLSearchParams({ nextPath: pagePath('mentalSupport', lang) })) };
  } else if (messagesInNavigation(auth, brand)) {
    const options = recipientOptions(await careTeamOf(await getDb(), auth.person.id));
    // The team's psychologist (or whoever stands in for them), when the team has one.
    const psychologist = options.find((o) => (o.substituteFor ?? o.recipient).professionalType === 'Psychologist');
    const query = new URLSearchParams({ topic: 'mental-support', ...(psychologist ? { recipient: psychologist.recipient.id } : {}) });
    message = options.length ? { kind: 'write', href: pagePath('conversationNew', lang, {}, query) } : { kind: 'unavailable' };
  } else {
    message = { kind: 'unavailable' };
  }
  return {
    title: pageTitle(context, 'mentalSupport.title'),
    lang,
    message,
    bookHref: pagePath('privateSearch', lang, {}, PSYCHOLOGY),
    customerService: { tel: facts.customerService.tel, display: facts.customerService.display, info: facts.customerService.info[lang] },
  };
}

export default function MentalSupport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { message, bookHref, customerService } = loaderData;
  return (
    <>
      <h1>{t('mentalSupport.title')}</h1>
      <p>{t('mentalSupport.intro')}</p>
      <CrisisLines headingLevel={2} />
      <Section id="mental-support-message" title={t('mentalSupport.message.heading')}>
        {message.kind === 'write' ? (
          <>
            <p>{t('mentalSupport.message.text')}</p>
            <p>
              <Link className={ui.button.primary} to={message.href}>
                {t('mentalSupport.message.link')}
              </Link>
            </p>
          </>
        ) : message.kind === 'login' ? (
          <>
            <p>{t('mentalSupport.message.text')}</p>
            <p>{t('mentalSupport.message.loginFirst')}</p>
            <p>
              <Link className={ui.button.secondary} to={message.href}>
                {t('mentalSupport.message.login')}
              </Link>
            </p>
          </>
        ) : (
          <p>{t('mentalSupport.message.unavailable')}</p>
        )}
        <p className={ui.hint}>{t('mentalSupport.message.responseTime')}</p>
      </Section>
      <Section id="mental-support-book" title={t('mentalSupport.book.heading')}>
        <p>{t('mentalSupport.book.text')}</p>
        <p>
          <Link className={ui.button.primary} to={bookHref}>
            {t('mentalSupport.book.link')}
          </Link>
        </p>
      </Section>
      <Section id="mental-support-phone" title={t('mentalSupport.phone.heading')}>
        <p>{t('mentalSupport.phone.text')}</p>
        <p>
          <a href={`tel:${customerService.tel}`}>{customerService.display}</a> {customerService.info}
        </p>
      </Section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
