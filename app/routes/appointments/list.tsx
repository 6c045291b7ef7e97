/**
 * The logged-in user's appointments (and their wards'): upcoming first, then the cancelled ones
 * (apart, never among the upcoming), then recent past ones.
 */
import { useTranslation } from '~/i18n/react';
import { AppointmentList } from '~/components/appointments/AppointmentList';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { portalContext } from '~/context';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { listAppointments } from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/list';

export async function loader({ context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const { upcoming, cancelled, past } = await listAppointments(await getDb(), viewerOf(auth), lang);
  return { title: pageTitle(context, 'appointments.listTitle'), lang, upcoming, cancelled, past };
}

export default function Appointments({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { upcoming, cancelled, past, lang } = loaderData;
  return (
    <>
      <h1>{t('appointments.listTitle')}</h1>
      <section className={ui.card} aria-labelledby="upcoming-title">
        <h2 id="upcoming-title">{t('appointments.upcoming')}</h2>
        {upcoming.length ? <AppointmentList items={upcoming} lang={lang} /> : <p>{t('appointments.empty')}</p>}
      </section>
      {cancelled.length ? (
        <section className={ui.card} aria-labelledby="cancelled-title">
          <h2 id="cancelled-title">{t('appointments.cancelledTitle')}</h2>
          <AppointmentList items={cancelled} lang={lang} />
        </section>
      ) : null}
      {past.length ? (
        <section className={ui.card} aria-labelledby="past-title">
          <h2 id="past-title">{t('appointments.past')}</h2>
          <AppointmentList items={past} lang={lang} />
        </section>
      ) : null}
    </>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
