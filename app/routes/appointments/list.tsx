/**
 * The logged-in user's appointments (and their wards'): upcoming first, then the cancelled ones
 * (apart, never among the upcoming), then recent past ones.
 */
import { useTranslation } from '~/i18n/react';
import { Section } from '~/components/Section';
import { AppointmentList } from '~/components/appointments/AppointmentList';
import { portalContext } from '~/context';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { listAppointments } from '~/services/appointments/appointments.server';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
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
      <Section id="upcoming-title" title={t('appointments.upcoming')}>
        {upcoming.length ? <AppointmentList items={upcoming} lang={lang} /> : <p>{t('appointments.empty')}</p>}
      </Section>
      {[
        { id: 'cancelled-title', title: t('appointments.cancelledTitle'), items: cancelled },
        { id: 'past-title', title: t('appointments.past'), items: past },
      ].map(({ id, title, items }) =>
        items.length ? (
          <Section key={id} id={id} title={title}>
            <AppointmentList items={items} lang={lang} />
          </Section>
        ) : null,
      )}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
