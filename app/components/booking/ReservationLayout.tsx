/**
 * The reservation page's frame (spec 3 §4): the title, the appointment on one side and the step's
 * own titled card (the details form, the insurer step) on the other.
 */
import type { ReactNode } from 'react';
import { AppointmentDetails } from '~/components/appointments/AppointmentDetails';
import { Section } from '~/components/Section';
import { useTranslation } from '~/i18n/react';
import type { AppointmentView } from '~/models/appointments/appointment';
import * as s from '~/styles/booking.css';
import * as ui from '~/styles/ui.css';

export function ReservationLayout({ preview, titleId, title, children }: { preview: AppointmentView; titleId: string; title: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <h1>{t('reservation.reserveTitle')}</h1>
      <div className={s.layout}>
        <section className={ui.card}>
          <AppointmentDetails appointment={preview} showPriceDetails={false} headingLevel={2} />
        </section>
        <Section id={titleId} title={title}>
          {children}
        </Section>
      </div>
    </>
  );
}
