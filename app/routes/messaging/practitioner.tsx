/**
 * A practitioner of the customer's occupational care team (spec 2 §3: the team page's doctors and
 * nurses link here; the content is ours, ADR 0041): name, title, the languages they serve in,
 * their clinics, their absence and substitute as on the team page, what the customer can book
 * with them on their agreement (a link to the occupational list filtered to them) and, with
 * messaging, a link to write to the team. Someone else's team member or an unknown id is 404.
 *
 * Plain HTML (ADR 0009).
 */
import { Link } from 'react-router';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { invariantResponse, requireAuth, titleWith } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { messagesInNavigation } from '~/services/messaging/conversations.server';
import { practitionerOfTeam } from '~/services/messaging/practitioner.server';
import { formatPeriod } from '~/services/messaging/view-rules';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import { LinkLine } from '~/components/LinkLine';
import type { Route } from './+types/practitioner';

export async function loader({ context, params, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'practitioner');
  const auth = requireAuth(context);
  const { lang, brand } = context.get(portalContext);
  const facts = await practitionerOfTeam(await getDb(), auth.person.id, params.professionalId);
  invariantResponse(facts);
  const name = `${facts.firstName} ${facts.lastName}`;
  // The occupational list filtered to them (remote times too when they see patients remotely).
  const search = facts.practitionerId
    ? new URLSearchParams({ practitionerIds: facts.practitionerId, ...(facts.remote ? { includeRemote: 'true' } : {}) })
    : null;
  const canBook = search !== null && facts.bookable.length > 0 && auth.features['ohc-appointment-search'];
  return {
    title: titleWith(context, name),
    name,
    titleText: facts.title[lang],
    languages: facts.languages,
    clinics: facts.clinics,
    remote: facts.remote,
    bookable: facts.bookable.map((b) => ({ id: b.id, name: b.name[lang] })),
    bookHref: canBook && search ? pagePath('occupationalSearch', lang, {}, search) : null,
    absence: facts.absence ? formatPeriod(facts.absence.startDate, facts.absence.endDate, lang) : null,
    substitute: facts.substitute ? `${facts.substitute.firstName} ${facts.substitute.lastName}` : null,
    writeHref: messagesInNavigation(auth, brand) ? pagePath('conversationNew', lang, {}, new URLSearchParams({ recipient: facts.id })) : null,
    teamHref: pagePath('occupationalTeam', lang),
  };
}

export default function Practitioner({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { name, titleText, languages, clinics, remote, bookable, bookHref, absence, substitute, writeHref, teamHref } = loaderData;
  return (
    <>
      <LinkLine to={teamHref}>{t('practitioner.backToTeam')}</LinkLine>
      <h1>{t('practitioner.title', { name })}</h1>
      <section className={ui.card}>
        <dl>
          <dt className={ui.label}>{t('practitioner.role')}</dt>
          <dd>{titleText}</dd>
          <dt className={ui.label}>{t('practitioner.languages')}</dt>
          <dd>{languages.map((language) => t(`practitioner.language.${language}`)).join(', ')}</dd>
          <dt className={ui.label}>{t('practitioner.clinics')}</dt>
          <dd>
            {clinics.length ? (
              <ul className={ui.list}>
                {clinics.map((clinic) => (
                  <li key={clinic.id}>{clinic.name}</li>
                ))}
              </ul>
            ) : (
              t('practitioner.noClinics')
            )}
            {remote ? <span className={s.block}>{t('practitioner.remote')}</span> : null}
          </dd>
        </dl>
        {absence ? <p className={s.absentLabel}>{t('practitioner.absent', { period: absence })}</p> : null}
        {substitute ? <p>{t('practitioner.substitute', { name: substitute })}</p> : null}
        {writeHref ? (
          <p>
            <Link className={ui.button.secondary} to={writeHref}>
              {t('practitioner.write')}
            </Link>
          </p>
        ) : null}
      </section>
      <section className={ui.card} aria-labelledby="practitioner-book">
        <h2 id="practitioner-book">{t('practitioner.book.heading', { name })}</h2>
        {bookHref ? (
          <>
            <h3>{t('practitioner.book.specialties')}</h3>
            <ul>
              {bookable.map((specialty) => (
                <li key={specialty.id}>{specialty.name}</li>
              ))}
            </ul>
            <p>
              <Link className={ui.button.primary} to={bookHref}>
                {t('practitioner.book.link', { name })}
              </Link>
            </p>
          </>
        ) : (
          <p>{t('practitioner.book.notBookable', { name })}</p>
        )}
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
