import { Link } from 'react-router';
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { LinkLine } from '~/components/LinkLine';
import { AppointmentList } from '~/components/appointments/AppointmentList';
import { ThreadSummariesSection } from '~/components/messaging/ThreadSummaries';
import { usePortalEnv } from '~/components/portal-env';
import { authContext, portalContext } from '~/context';
import { pageTitle, serverT } from '~/lib/http/page.server';
import { isPollRequest } from '~/lib/polling';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import { listAppointments } from '~/services/appointments/appointments.server';
import { logAccesses, type AccessLogBatch } from '~/services/audit/access-log.server';
import { viewerOf, recordViewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { frontPageSummaries } from '~/services/messaging/conversations.server';
import { RecordFeed } from '~/components/records/RecordFeed';
import { env } from '~/env.server';
import { feedView, listFeed } from '~/services/records/feed.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/front';

const FRONT_PAGE_APPOINTMENTS = 3;

export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = context.get(authContext);
  const { lang, brand } = context.get(portalContext);
  const title = pageTitle(context, auth ? 'chrome.home' : 'front.titleAnonymous');
  if (!auth) return { title, lang, user: null, upcoming: [], messages: null, feed: null };
  const user = { firstName: auth.person.firstName, isPatient: auth.person.isPatient, wards: auth.wards.map((w) => w.firstName) };
  // The page script's poll of the messages box: only that box is read again, so a front page
  // left open neither reads the other boxes nor writes their views to the access log every two
  // minutes (the page script takes the box and leaves the rest of this render).
  if (isPollRequest(request)) return { title, lang, user, upcoming: [], messages: await frontPageSummaries(auth, brand, lang), feed: null };
  const db = await getDb();
  // The boxes' views of patient data are written to the access log together, before the page answers.
  const views: AccessLogBatch = [];
  // Health records (issue 11): the newest record items and, when possible, the renew link.
  const [{ upcoming }, messages, feed] = await Promise.all([
    listAppointments(db, viewerOf(auth), lang, undefined, undefined, views),
    frontPageSummaries(auth, brand, lang),
    auth.person.isPatient
      ? listFeed(db, recordViewerOf(auth), lang, { certificates: brand === 'general', renewal: env().PRESCRIPTION_RENEWAL === 'on', batch: views })
      : null,
  ]);
  await logAccesses(db, views);
  return {
    title,
    lang,
    messages,
    feed: feed ? feedView(feed.items, feed.canRenew, lang, serverT(context)) : null,
    upcoming: upcoming.slice(0, FRONT_PAGE_APPOINTMENTS),
    user,
  };
}

export default function FrontPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { brand: brandKey } = usePortalEnv();
  const brand = brandFacts(brandKey);
  const { user, lang, upcoming, messages } = loaderData;

  if (!user) {
    return (
      <>
        <section className={ui.card}>
          <h1>{t('front.titleAnonymous')}</h1>
          <p>{t('front.introAnonymous')}</p>
          <Link className={ui.button.primary} to={pagePath('login', lang)}>
            {t('front.logInButton')}
          </Link>
        </section>
        <BookSection lang={lang} />
      </>
    );
  }

  return (
    <>
      <h1>{user.firstName ? t('front.greeting', { name: user.firstName }) : t('chrome.home')}</h1>
      {user.isPatient ? null : (
        <section className={`${ui.alertBox} ${ui.alert.info}`}>
          <h2>{t('front.notPatientTitle')}</h2>
          <p>{t('front.notPatientText')}</p>
          <a href={`tel:${brand.customerService.tel}`}>{brand.customerService.display}</a>
        </section>
      )}
      {user.isPatient ? (
        <section className={ui.card} aria-labelledby="upcoming-title">
          <h2 id="upcoming-title">{t('front.upcomingTitle')}</h2>
          {upcoming.length ? <AppointmentList items={upcoming} lang={lang} /> : <p>{t('front.upcomingEmpty')}</p>}
          <LinkLine to={pagePath('appointmentList', lang)}>{t('appointments.showAll')}</LinkLine>
        </section>
      ) : null}
      {messages ? <ThreadSummariesSection summaries={messages} lang={lang} /> : null}
      {loaderData.feed ? <RecordFeed feed={loaderData.feed} /> : null}
      {user.wards.length ? (
        <section className={ui.card} aria-labelledby="wards-title">
          <h2 id="wards-title">{t('front.guardianTitle')}</h2>
          <p>{t('front.guardianText', { names: user.wards.join(', ') })}</p>
        </section>
      ) : null}
      <BookSection lang={lang} />
    </>
  );
}

/** Booking entry: online, or by phone; and the health portal (issue 26, ADR 0041). */
function BookSection({ lang }: { lang: Language }) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  return (
    <>
      <section className={ui.card} aria-labelledby="book-title">
        <h2 id="book-title">{t('front.bookTitle')}</h2>
        <div className={ui.buttonRow}>
          <Link className={ui.button.primary} to={pagePath('bookingLanding', lang)}>
            {t('front.bookOnline')}
          </Link>
        </div>
        <p>{t('front.bookByPhone')}</p>
        <a href={`tel:${brand.customerService.tel}`}>{brand.customerService.display}</a>
      </section>
      <section className={ui.card} aria-labelledby="health-portal-title">
        <h2 id="health-portal-title">{t('healthPortal.title')}</h2>
        <p>{t('healthPortal.frontText')}</p>
        <Link to={pagePath('healthPortal', lang)}>{t('healthPortal.open')}</Link>
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
