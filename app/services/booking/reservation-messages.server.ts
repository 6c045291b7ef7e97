/**
 * The booking confirmation: an SMS and (when the address is known) an e-mail with the appointment
 * as a calendar file, in the recipient's language. They carry the time (Helsinki), the place and
 * the anonymous appointment link; the e-mail also the service. No identity code, no name, no other
 * health data, because text messages and e-mail are not a confidential channel, and the SMS (read
 * on a lock screen) not even the service, for every booking kind (ADR 0008; the templates are
 * checked by app/i18n/sms-texts.test.ts).
 */
import type { Localized } from '~db/schema';
import type { Brand } from '~/brands';
import type { Language } from '~/i18n/config';
import { textsIn } from '~/i18n/i18n.server';
import { formatDateTime } from '~/lib/format';
import type { Insurer } from '~/models/booking/insurance';
import { pagePath } from '~/route-table';
import { calendarAttachment, messagePlace } from '~/services/appointments/ics';
import type { OutboxMessage } from '~/services/outbox/outbox.server';

export interface ConfirmationFacts {
  appointmentId: number;
  anonymousCode: string;
  startAt: Date;
  durationMinutes: number;
  createdAt: Date;
  locationType: string;
  isRemote: boolean;
  specialtyName: Localized;
  clinic: { name: string; streetAddress: string | null; postalCode: string | null; postOffice: string | null };
}

export interface ConfirmationContext {
  lang: Language;
  /** The portal's public origin, e.g. https://oma.example.fi. */
  origin: string;
  brand: Brand;
  cancellationLimitHours: number;
  /** The employer pays (occupational health): the message says so. */
  occupational?: boolean;
  /** Insurance: the insurer the customer declared (the message names it). */
  insurer?: Insurer | null;
}

/** The anonymous appointment link of the booking message, in the message's language. */
export function anonymousLink(origin: string, lang: Language, code: string): string {
  return `${origin}${pagePath('anonymousAppointment', lang, { code })}`;
}

/** The outbox rows of one booking: always the SMS, the e-mail when there is an address. */
export async function confirmationMessages(
  facts: ConfirmationFacts,
  contact: { phone: string; email: string | null },
  context: ConfirmationContext,
): Promise<OutboxMessage[]> {
  const { lang, brand } = context;
  const t = await textsIn(lang);
  const values = {
    time: formatDateTime(facts.startAt, lang),
    place: messagePlace(t, facts),
    service: facts.specialtyName[lang],
    link: anonymousLink(context.origin, lang, facts.anonymousCode),
    brand: brand.name,
    hours: context.cancellationLimitHours,
  };
  const texts = context.occupational ? 'occupational.message' : 'reservation.message';
  const declared = context.insurer ? t('insurance.message.declared', { insurer: t(`insurance.insurers.${context.insurer}`) }) : null;
  const written = { kind: 'confirmation', brand: brand.key, language: lang } as const;
  const messages: OutboxMessage[] = [
    { ...written, channel: 'sms', recipient: contact.phone, body: declared ? `${t(`${texts}.sms`, values)} ${declared}` : t(`${texts}.sms`, values) },
  ];
  if (contact.email) {
    messages.push({
      ...written,
      channel: 'email',
      recipient: contact.email,
      subject: t(`${texts}.emailSubject`, values),
      body: declared ? `${declared}\n\n${t(`${texts}.emailBody`, values)}` : t(`${texts}.emailBody`, values),
      attachments: [
        calendarAttachment(
          t,
          {
            appointmentId: facts.appointmentId,
            startAt: facts.startAt,
            durationMinutes: facts.durationMinutes,
            createdAt: facts.createdAt,
            service: values.service,
            place: values.place,
            link: values.link,
          },
          brand,
        ),
      ],
    });
  }
  return messages;
}
