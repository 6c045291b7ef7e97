/**
 * The earlier-time offer's link (/{lang}/aikaisempi-aika/{code}; issue 24 part 2, ADR 0037): no
 * login, like the appointment's anonymous link. An open offer shows the offered time beside the
 * current one and one button, "Take this time", which moves the appointment there; whoever takes
 * the time first gets it, and a later taker sees "already taken" (and stays on the list). The link
 * is single-use and closes at its expiry; a closed link shows only its state, nothing of the
 * appointment, and so does a link whose requester may no longer see the visit (issue 39). A wrong
 * code and a missing offer are the same "not found".
 * Plain HTML: one form that posts and redirects back here, where the page says what happened.
 */
import { data, Form, Link, redirect } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { redirectWithFlash } from '~/lib/http/flash.server';
import { pageTitle } from '~/lib/http/page.server';
import type { OfferPageView } from '~/models/appointments/earlier-time';
import { pagePath } from '~/route-table';
import { getOffer, takeOffer } from '~/services/appointments/earlier-times.server';
import { getDb } from '~/services/db/db.server';
import * as s from '~/styles/appointments.css';
import * as ui from '~/styles/ui.css';
import { attrs } from '~/browser/markup';
import type { Route } from './+types/earlier-time-offer';

const TITLES = {
  notFound: 'earlierTime.offer.notFoundTitle',
  open: 'earlierTime.offer.title',
  accepted: 'earlierTime.offer.acceptedTitle',
  taken: 'earlierTime.offer.takenTitle',
  expired: 'earlierTime.offer.expiredTitle',
  ended: 'earlierTime.offer.endedTitle',
} as const satisfies Record<OfferPageView['state'], string>;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { lang } = context.get(portalContext);
  const offer = await getOffer(await getDb(), params.code, lang);
  return data({ title: pageTitle(context, TITLES[offer.state]), lang, offer }, { status: offer.state === 'notFound' ? 404 : 200 });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { lang } = context.get(portalContext);
  const here = pagePath('earlierTimeOffer', lang, { code: params.code });
  const form = await request.formData();
  const result = await takeOffer(await getDb(), params.code, { bindingApproved: form.get('bindingApproved') === 'yes' });
  // The page says what happened (the time is yours, already taken, expired …); only a failure to
  // move is a message of its own.
  if (result === 'failed' || result === 'bindingRequired') return redirectWithFlash(here, { type: 'error', key: 'earlierTime.offer.failed', withPhone: true });
  return redirect(here, 303);
}

export default function EarlierTimeOffer({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { offer, lang } = loaderData;
  if (offer.state === 'notFound') {
    return (
      <section className={ui.card}>
        <h1>{t('earlierTime.offer.notFoundTitle')}</h1>
        <p>{t('earlierTime.offer.notFoundText')}</p>
        <Link to={pagePath('front', lang)}>{t('appointments.anonymous.bookNew')}</Link>
      </section>
    );
  }
  // A closed link shows only its own state, nothing of the appointment (issue 39): the way on is
  // to log in and see one's appointments.
  const appointmentsLink = pagePath('login', lang, {}, new URLSearchParams({ nextPath: pagePath('appointmentList', lang) }));
  if (offer.state !== 'open') {
    return (
      <section className={ui.card}>
        <h1>{t(TITLES[offer.state])}</h1>
        <p>{t(`earlierTime.offer.${offer.state}Text`)}</p>
        <Link to={appointmentsLink}>{t('earlierTime.offer.logIn')}</Link>
      </section>
    );
  }
  return (
    <section className={ui.card} aria-labelledby="offer-title">
      <h1 id="offer-title">{t('earlierTime.offer.title')}</h1>
      <dl className={s.details}>
        <dt>{t('earlierTime.offer.offered')}</dt>
        <dd>
          <strong>{offer.offered.startText}</strong>
        </dd>
        <dt>{t('earlierTime.offer.place')}</dt>
        <dd>{offer.offered.placeText}</dd>
        <dt>{t('earlierTime.offer.practitioner')}</dt>
        <dd>{offer.offered.practitionerName}</dd>
        <dt>{t('earlierTime.offer.service')}</dt>
        <dd>{offer.offered.specialtyName}</dd>
        <dt>{t('earlierTime.offer.current')}</dt>
        <dd>
          {offer.current.startText}, {offer.current.placeText}
        </dd>
      </dl>
      <p id="offer-expires">{t('earlierTime.offer.expires', { time: offer.expiresText })}</p>
      {offer.binding ? <p id="offer-binding">{t('earlierTime.offer.binding', { hours: offer.binding.hours })}</p> : null}
      <Form method="post">
        <AuthenticityTokenInput name="csrf" />
        {offer.binding ? <input type="hidden" name="bindingApproved" value="yes" /> : null}
        <p id="offer-help">{t('earlierTime.offer.takeHelp')}</p>
        <button
          type="submit"
          className={ui.button.primary}
          {...attrs({ pending: t('earlierTime.offer.pending') })}
          aria-describedby={['offer-expires', offer.binding ? 'offer-binding' : '', 'offer-help'].filter(Boolean).join(' ')}
        >
          {t('earlierTime.offer.take')}
        </button>
      </Form>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }, { name: 'robots', content: 'noindex' }];

export { ErrorBoundary } from '~/components/page-exports';
