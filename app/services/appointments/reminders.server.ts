/**
 * Appointment reminders (ADR 0031). The schedule lives in `appointment_reminders`, one row per
 * booked appointment:
 * - `scheduleReminder` writes or recomputes it, inside the caller's transaction: the booking
 *   (with the recipient: the booking's contact, language, brand and anonymous link) and any
 *   change of the appointment's time (issue 24's reschedule calls it with the appointment id).
 * - `dropReminder` drops it when the appointment is cancelled, in the cancellation's transaction.
 * - `runReminderSweep` is the periodic work (the job runner calls it every minute): it claims the
 *   due, scheduled rows with `FOR UPDATE SKIP LOCKED`, checks each appointment again (cancelled,
 *   moved, past, the SMS consent, the quiet hours) and writes the outbox rows and `written` in
 *   the same transaction, so several instances running it at once write each reminder once.
 *   It only writes outbox rows: the delivery jobs send them after the transaction commits.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { and, asc, desc, eq, lte } from 'drizzle-orm';
import { appointmentReminders, appointments, clinics, patientDataConsents, persons, specialties } from '~db/schema';
import { brand as brandFacts, type BrandKey } from '~/brands';
import { env, sessionSecret } from '~/env.server';
import type { Language } from '~/i18n/config';
import { textsIn } from '~/i18n/i18n.server';
import { clock } from '~/lib/clock.server';
import { formatDateTime } from '~/lib/format';
import { maskEmail, maskPhone, type ReminderNoticeView } from '~/models/appointments/reminder';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import type { JobRunner } from '~/services/jobs/runner.server';
import { logger } from '~/services/observability/logger.server';
import { deliverAfterCommit, enqueueMessage, type OutboxMessage, type OutboxRow } from '~/services/outbox/outbox.server';
import { appointmentCalendarEntry, messagePlace, toIcs } from './ics';
import { reminderChannels, reminderPlan, sendDecision, sendTimeRecipient, type ReminderChannel, type ReminderPlan } from './reminder-rules';

// ---------------------------------------------------------------------------------------------
// The anonymous link, sealed: the appointment keeps only its code's hash, the reminder needs it.

const SEAL_VERSION = 'v1';
let sealKey: { secret: string; key: Buffer } | null = null;

function linkKey(): Buffer {
  const secret = sessionSecret();
  if (sealKey?.secret !== secret) {
    sealKey = { secret, key: Buffer.from(hkdfSync('sha256', secret, 'patient-portal', 'appointment-reminder-link-v1', 32)) };
  }
  return sealKey.key;
}

/** AES-256-GCM under a key derived from SESSION_SECRET: `v1.<iv|tag|ciphertext, base64url>`. */
export function sealLink(link: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', linkKey(), iv);
  const body = Buffer.concat([cipher.update(link, 'utf8'), cipher.final()]);
  return `${SEAL_VERSION}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The sealed link, or null when it does not open (SESSION_SECRET changed since the booking). */
export function openLink(sealed: string): string | null {
  const [version, payload] = sealed.split('.');
  if (version !== SEAL_VERSION || !payload) return null;
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', linkKey(), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Scheduling

/** Where a booking's reminder goes: where its confirmation went. */
export interface ReminderRecipient {
  phone: string;
  email: string | null;
  language: Language;
  brand: BrandKey;
  /** The anonymous appointment link of the confirmation. */
  link: string;
}

export type ScheduleResult = ReminderPlan | { type: 'none'; reason: 'cancelled' | 'noReminder' };

/**
 * Schedules (or computes again) the reminder of an appointment from its current start, inside
 * the caller's transaction. The booking passes the recipient; a change of the appointment's time
 * (issue 24) passes only the id and the reminder keeps its recipient, and a reminder already
 * written for the old time is armed again for the new one. An appointment without a reminder row
 * (booked before reminders existed, or by staff) gets none: there is no link to send.
 */
export async function scheduleReminder(
  t: Db,
  appointmentId: number,
  options: { recipient?: ReminderRecipient; now?: Date; leadHours?: number } = {},
): Promise<ScheduleResult> {
  const now = options.now ?? clock.now();
  const leadHours = options.leadHours ?? env().REMINDER_LEAD_HOURS;
  const [appointment] = await t
    .select({ startAt: appointments.startAt, cancelledAt: appointments.cancelledAt })
    .from(appointments)
    .where(eq(appointments.id, appointmentId))
    .limit(1);
  if (!appointment) return { type: 'none', reason: 'noReminder' };
  const plan: ReminderPlan | { type: 'none'; reason: 'cancelled' } = appointment.cancelledAt ? { type: 'none', reason: 'cancelled' } : reminderPlan(appointment.startAt, now, leadHours);
  const schedule =
    plan.type === 'scheduled'
      ? { state: 'scheduled' as const, dueAt: plan.dueAt, dropReason: null }
      : { state: 'dropped' as const, dueAt: appointment.startAt, dropReason: plan.reason };
  const values = { ...schedule, startAt: appointment.startAt, writtenAt: null, channels: null };
  if (options.recipient) {
    const r = options.recipient;
    const recipient = { brand: r.brand, language: r.language, phone: r.phone, email: r.email, sealedLink: sealLink(r.link) };
    await t
      .insert(appointmentReminders)
      .values({ appointmentId, ...values, ...recipient, createdAt: now })
      .onConflictDoUpdate({ target: appointmentReminders.appointmentId, set: { ...values, ...recipient } });
    return plan;
  }
  const updated = await t
    .update(appointmentReminders)
    .set(values)
    .where(eq(appointmentReminders.appointmentId, appointmentId))
    .returning({ id: appointmentReminders.appointmentId });
  return updated.length ? plan : { type: 'none', reason: 'noReminder' };
}

/** Drops a scheduled reminder, in the cancellation's transaction. */
export async function dropReminder(t: Db, appointmentId: number): Promise<void> {
  await t
    .update(appointmentReminders)
    .set({ state: 'dropped', dropReason: 'cancelled' })
    .where(and(eq(appointmentReminders.appointmentId, appointmentId), eq(appointmentReminders.state, 'scheduled')));
}

/**
 * ADR 0034: the appointment's anonymous link was replaced (a minor hid a visit someone else
 * booked, so the booker's link no longer opens it); the reminder carries the new code, in the
 * same origin and language path. A link that no longer opens (SESSION_SECRET changed) stays as
 * it is: the reminder then goes without a link, as ADR 0031 says.
 */
export async function relinkReminder(t: Db, appointmentId: number, code: string): Promise<void> {
  const [row] = await t
    .select({ sealedLink: appointmentReminders.sealedLink })
    .from(appointmentReminders)
    .where(eq(appointmentReminders.appointmentId, appointmentId))
    .limit(1);
  const link = row ? openLink(row.sealedLink) : null;
  if (!link) return;
  const url = new URL(link);
  url.pathname = url.pathname.replace(/[^/]+$/, code);
  await t.update(appointmentReminders).set({ sealedLink: sealLink(url.toString()) }).where(eq(appointmentReminders.appointmentId, appointmentId));
}

/** Whether the patient has refused booking text messages (the latest patient data consent). */
async function refusesBookingSms(db: Db, personId: string): Promise<boolean> {
  const [consent] = await db
    .select({ allows: patientDataConsents.allowsBookingSms })
    .from(patientDataConsents)
    .where(eq(patientDataConsents.personId, personId))
    .orderBy(desc(patientDataConsents.givenAt), desc(patientDataConsents.id))
    .limit(1);
  return consent ? !consent.allows : false;
}

// ---------------------------------------------------------------------------------------------
// The messages

interface ReminderFacts {
  appointmentId: number;
  startAt: Date;
  durationMinutes: number;
  createdAt: Date;
  /** The calendar entry's SEQUENCE and DTSTAMP after a move (ADR 0036). */
  revision?: number;
  revisedAt?: Date | null;
  locationType: string;
  isRemote: boolean;
  specialtyName: { fi: string; sv: string; en: string };
  clinic: { name: string; streetAddress: string | null; postalCode: string | null; postOffice: string | null };
}

/**
 * The reminder's outbox rows: the SMS and the e-mail (with the calendar file, like the
 * confirmation), in the recipient's language and the booking's brand. Time (Helsinki), place,
 * service and the anonymous link only: no name, no identity code, no other health data.
 */
export async function reminderMessages(
  facts: ReminderFacts,
  recipient: Omit<ReminderRecipient, 'link'> & { link: string | null },
  channels: readonly ReminderChannel[],
): Promise<OutboxMessage[]> {
  const { language: lang } = recipient;
  const t = await textsIn(lang);
  const brand = brandFacts(recipient.brand);
  const values = {
    time: formatDateTime(facts.startAt, lang),
    place: messagePlace(t, facts),
    service: facts.specialtyName[lang],
    brand: brand.name,
    link: recipient.link ?? '',
  };
  const common = { kind: 'reminder' as const, brand: recipient.brand, language: lang };
  const messages: OutboxMessage[] = [];
  if (channels.includes('sms')) {
    const body = [t('reminders.message.sms', values), recipient.link ? t('reminders.message.smsLink', values) : null].filter(Boolean).join(' ');
    messages.push({ ...common, channel: 'sms', recipient: recipient.phone, body });
  }
  if (channels.includes('email') && recipient.email) {
    const body = [
      t('reminders.message.emailBody', values),
      recipient.link ? t('reminders.message.emailLink', values) : null,
      t('reminders.message.emailClosing', values),
    ]
      .filter(Boolean)
      .join('\n\n');
    const ics = toIcs(
      appointmentCalendarEntry(
        {
          appointmentId: facts.appointmentId,
          startAt: facts.startAt,
          durationMinutes: facts.durationMinutes,
          createdAt: facts.createdAt,
          revision: facts.revision ?? 0,
          revisedAt: facts.revisedAt ?? null,
          service: values.service,
          place: values.place,
          ...(recipient.link ? { link: recipient.link } : {}),
        },
        brand,
      ),
    );
    messages.push({
      ...common,
      channel: 'email',
      recipient: recipient.email,
      subject: t('reminders.message.emailSubject', values),
      body,
      attachments: [
        {
          fileName: `${t('reservation.message.calendarFile')}-${facts.appointmentId}.ics`,
          contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
          content: Buffer.from(ics, 'utf8').toString('base64'),
        },
      ],
    });
  }
  return messages;
}

// ---------------------------------------------------------------------------------------------
// The sweep

export interface ReminderSweepSummary {
  /** Reminders whose messages were written to the outbox… */
  written: number;
  /** …and those messages. */
  messages: number;
  /** Dropped at send time: cancelled, past, moved inside the lead time, no channel left. */
  dropped: number;
  /** Moved appointments whose reminder was computed again. */
  rescheduled: number;
}

export interface ReminderSweepOptions {
  now?: Date;
  leadHours?: number;
  /** Reminders claimed per transaction. */
  batchSize?: number;
}

/**
 * Writes the due reminders' messages to the outbox. Safe to run on several instances at once:
 * each batch is claimed with `FOR UPDATE SKIP LOCKED` and finished (outbox rows, `written`) in
 * its transaction, and the state change is conditional on `scheduled` as well.
 */
export async function runReminderSweep(db: Db, options: ReminderSweepOptions = {}): Promise<ReminderSweepSummary> {
  const now = options.now ?? clock.now();
  const leadHours = options.leadHours ?? env().REMINDER_LEAD_HOURS;
  const batchSize = options.batchSize ?? 50;
  const summary: ReminderSweepSummary = { written: 0, messages: 0, dropped: 0, rescheduled: 0 };
  for (;;) {
    const batch = await withTransaction(db, async (t) => {
      const rows = await t
        .select({
          reminder: appointmentReminders,
          appointment: appointments,
          clinic: { name: clinics.name, streetAddress: clinics.streetAddress, postalCode: clinics.postalCode, postOffice: clinics.postOffice },
          specialtyName: specialties.name,
          // ADR 0034: the patient's own contact, for a visit hidden from the guardian who booked it.
          patientContact: { phone: persons.phone, email: persons.email, language: persons.language },
        })
        .from(appointmentReminders)
        .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
        .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
        .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
        .innerJoin(persons, eq(persons.id, appointments.patientId))
        .where(and(eq(appointmentReminders.state, 'scheduled'), lte(appointmentReminders.dueAt, now)))
        .orderBy(asc(appointmentReminders.dueAt), asc(appointmentReminders.appointmentId))
        .limit(batchSize)
        .for('update', { of: appointmentReminders, skipLocked: true });
      let changed = 0;
      const queued: OutboxRow[] = [];
      for (const row of rows) {
        const { reminder, appointment } = row;
        const mine = and(eq(appointmentReminders.appointmentId, reminder.appointmentId), eq(appointmentReminders.state, 'scheduled'));
        // --- ADR 0034 (issue 23), re-checked at send time: a visit hidden from the patient's
        // guardians never reminds the guardian (or anyone else) who booked it; the reminder goes
        // to the patient's own contact, or is dropped when they have none.
        const recipient = sendTimeRecipient(reminder, appointment, row.patientContact);
        if (recipient === null) {
          await t.update(appointmentReminders).set({ state: 'dropped', dropReason: 'confidential' }).where(mine);
          summary.dropped++;
          changed++;
          continue;
        }
        // --- end ADR 0034
        const refusedSms = (await refusesBookingSms(t, appointment.patientId)) || !recipient.phone;
        const decision = sendDecision(reminder, appointment, { refusedSms, email: recipient.email }, now, leadHours);
        switch (decision.type) {
          case 'wait':
            continue;
          case 'reschedule':
            await t.update(appointmentReminders).set({ startAt: decision.startAt, dueAt: decision.dueAt }).where(mine);
            summary.rescheduled++;
            break;
          case 'drop':
            await t.update(appointmentReminders).set({ state: 'dropped', dropReason: decision.reason }).where(mine);
            summary.dropped++;
            break;
          case 'write': {
            const claimed = await t
              .update(appointmentReminders)
              .set({ state: 'written', writtenAt: now, channels: decision.channels })
              .where(mine)
              .returning({ id: appointmentReminders.appointmentId });
            if (claimed.length === 0) continue;
            const messages = await reminderMessages(
              {
                appointmentId: appointment.id,
                startAt: appointment.startAt,
                durationMinutes: appointment.durationMinutes,
                createdAt: appointment.createdAt,
                revision: appointment.revision,
                revisedAt: appointment.revisedAt,
                locationType: appointment.locationType,
                isRemote: appointment.isRemote,
                specialtyName: row.specialtyName,
                clinic: row.clinic,
              },
              { ...reminder, phone: recipient.phone ?? '', email: recipient.email, language: recipient.language, link: openLink(reminder.sealedLink) },
              decision.channels,
            );
            for (const message of messages) queued.push(await enqueueMessage(t, message));
            await logAccess(t, {
              actorPersonId: null,
              actorKind: 'system',
              reason: 'care',
              subjectPersonId: appointment.patientId,
              action: 'view',
              resource: 'appointment:reminder',
              resourceId: String(appointment.id),
            });
            summary.written++;
            summary.messages += messages.length;
            break;
          }
        }
        changed++;
      }
      return { claimed: rows.length, changed, queued };
    });
    // Handed to delivery once the batch has committed (ADR 0029).
    await deliverAfterCommit(batch.queued);
    // A short batch was the last; a batch of only waiting reminders (quiet hours) ends the sweep.
    if (batch.claimed < batchSize || batch.changed === 0) break;
  }
  return summary;
}

/** The reminder sweep's queue on the instance's job runner (ADR 0019, 0029): every minute. */
export const REMINDER_QUEUE = 'appointment-reminders';

/** Registers the sweep on the job runner: one run per minute across all instances. */
export async function scheduleReminderJob(runner: JobRunner, getDb: () => Promise<Db>): Promise<void> {
  await runner.work(REMINDER_QUEUE, async () => {
    const summary = await runReminderSweep(await getDb());
    if (summary.written || summary.dropped || summary.rescheduled) logger.info({ ...summary }, 'appointment reminders swept');
  });
  await runner.schedule(REMINDER_QUEUE, 1);
}

// ---------------------------------------------------------------------------------------------
// What the pages show

/**
 * What the booking confirmation page says of the messages: where the confirmation went (masked)
 * and whether, how and when the reminder will come. Null when the appointment has no reminder
 * row. The caller has checked that the appointment is the visitor's (and logged the view).
 */
export async function reminderNotice(db: Db, appointmentId: number, lang: Language): Promise<ReminderNoticeView | null> {
  const [row] = await db
    .select({ reminder: appointmentReminders, patientId: appointments.patientId })
    .from(appointmentReminders)
    .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
    .where(eq(appointmentReminders.appointmentId, appointmentId))
    .limit(1);
  if (!row) return null;
  const { reminder } = row;
  const confirmation = { phone: maskPhone(reminder.phone), email: reminder.email ? maskEmail(reminder.email) : null };
  const leadHours = env().REMINDER_LEAD_HOURS;
  if (reminder.state === 'written') return { confirmation, reminder: { type: 'written' }, leadHours };
  if (reminder.state === 'dropped') {
    const reason = reminder.dropReason === 'insideLead' || reminder.dropReason === 'refused' ? reminder.dropReason : 'other';
    return { confirmation, reminder: { type: 'none', reason }, leadHours };
  }
  const refusedSms = await refusesBookingSms(db, row.patientId);
  const channels = reminderChannels({ refusedSms, email: reminder.email });
  if (channels.length === 0) return { confirmation, reminder: { type: 'none', reason: 'refused' }, leadHours };
  return { confirmation, reminder: { type: 'scheduled', channels, dueText: formatDateTime(reminder.dueAt, lang), refusedSms }, leadHours };
}

export interface ScheduledReminderRow {
  appointmentId: number;
  dueAt: Date;
  channels: ReminderChannel[];
  refusedSms: boolean;
}

/** The scheduled reminders, soonest first, with the channels they would go out on now (/dev/outbox). */
export async function listScheduledReminders(db: Db, limit = 500): Promise<ScheduledReminderRow[]> {
  const rows = await db
    .select({ appointmentId: appointmentReminders.appointmentId, dueAt: appointmentReminders.dueAt, email: appointmentReminders.email, patientId: appointments.patientId })
    .from(appointmentReminders)
    .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
    .where(eq(appointmentReminders.state, 'scheduled'))
    .orderBy(asc(appointmentReminders.dueAt), asc(appointmentReminders.appointmentId))
    .limit(limit);
  const result: ScheduledReminderRow[] = [];
  for (const row of rows) {
    const refusedSms = await refusesBookingSms(db, row.patientId);
    result.push({ appointmentId: row.appointmentId, dueAt: row.dueAt, channels: reminderChannels({ refusedSms, email: row.email }), refusedSms });
  }
  return result;
}
