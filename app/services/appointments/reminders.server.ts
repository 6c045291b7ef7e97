/**
 * Appointment reminders (ADR 0031, ADR 0046). The schedule lives in `appointment_reminders`, one
 * row per appointment:
 * - `scheduleReminder` writes or recomputes it, inside the caller's transaction: the booking
 *   (with the recipient: the booking's contact, language and brand) and any change of the
 *   appointment's time (the move calls it with the appointment id).
 * - `dropReminder` drops it when the appointment is cancelled, in the cancellation's transaction.
 * - `runReminderSweep` is the periodic work (the job runner calls it every minute): it first
 *   gives every upcoming appointment that has no row one (made by staff, seeded, booked before
 *   reminders: ADR 0046), then claims the due, scheduled rows with `FOR UPDATE SKIP LOCKED`,
 *   checks each appointment again (cancelled, moved, past, the quiet hours), decides whom it goes
 *   to now (`noticeRecipientsOf`: the viewer rules) and on which channels (the SMS consent), and
 *   writes the outbox rows, each with an anonymous link of its own, and `written` in the same
 *   transaction, so several instances running it at once write each reminder once.
 *   It only writes outbox rows: the delivery jobs send them after the transaction commits.
 */
import { and, asc, desc, eq, gt, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { appointmentReminders, appointments, clinics, guardianships, patientDataConsents, persons, specialties } from '~db/schema';
import { brand as brandFacts, type BrandKey } from '~/brands';
import { env } from '~/env.server';
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
import { personSeesAppointment } from '~/services/people/viewer.server';
import { calendarAttachment, messagePlace } from './ics';
import { newAppointmentLink } from './links.server';
import {
  foundReminderDueAt,
  foundReminderHorizonHours,
  noticeRecipients,
  reminderChannels,
  reminderPlan,
  sendDecision,
  type NoticeContact,
  type NoticeRecipients,
  type ReminderChannel,
  type ReminderPlan,
} from './reminder-rules';

// ---------------------------------------------------------------------------------------------
// Scheduling

/** Where a booking's confirmation went, and so its reminder while the booker may see the visit. */
export interface ReminderRecipient {
  phone: string;
  email: string | null;
  language: Language;
  brand: BrandKey;
}

export type ScheduleResult = ReminderPlan | { type: 'none'; reason: 'cancelled' | 'noReminder' };

/**
 * Schedules (or computes again) the reminder of an appointment from its current start, inside
 * the caller's transaction. The booking passes the recipient; a change of the appointment's time
 * passes only the id: the reminder keeps its recipient (none for an appointment the portal did
 * not book, whose reminder goes where the viewer rules say when it is written), a reminder
 * already written for the old time is armed again for the new one, and an appointment that had
 * no row yet gets one.
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
  const plan: ReminderPlan | { type: 'none'; reason: 'cancelled' } = appointment.cancelledAt
    ? { type: 'none', reason: 'cancelled' }
    : reminderPlan(appointment.startAt, now, leadHours);
  const schedule =
    plan.type === 'scheduled'
      ? { state: 'scheduled' as const, dueAt: plan.dueAt, dropReason: null }
      : { state: 'dropped' as const, dueAt: appointment.startAt, dropReason: plan.reason };
  const values = { ...schedule, startAt: appointment.startAt, writtenAt: null, channels: null };
  const r = options.recipient;
  const recipient = r ? { brand: r.brand, language: r.language, phone: r.phone, email: r.email } : {};
  await t
    .insert(appointmentReminders)
    .values({ appointmentId, ...values, ...recipient, createdAt: now })
    .onConflictDoUpdate({ target: appointmentReminders.appointmentId, set: { ...values, ...recipient } });
  return plan;
}

/** Drops a scheduled reminder, in the cancellation's transaction. */
export async function dropReminder(t: Db, appointmentId: number): Promise<void> {
  await t
    .update(appointmentReminders)
    .set({ state: 'dropped', dropReason: 'cancelled' })
    .where(and(eq(appointmentReminders.appointmentId, appointmentId), eq(appointmentReminders.state, 'scheduled')));
}

/**
 * The upcoming live appointments that have no reminder row, starting by `horizon`, after the
 * cursor (start, id), soonest first: the sweep's look for appointments the portal did not book
 * (ADR 0046). A range of `appointments_upcoming_idx` (start_at, live only) and a primary-key
 * probe of `appointment_reminders` per appointment.
 */
export function upcomingWithoutReminder(db: Db, now: Date, horizon: Date, after: { startAt: Date; id: number } | null, limit: number) {
  return db
    .select({ id: appointments.id, startAt: appointments.startAt })
    .from(appointments)
    .where(
      and(
        isNull(appointments.cancelledAt),
        gt(appointments.startAt, now),
        lte(appointments.startAt, horizon),
        after ? or(gt(appointments.startAt, after.startAt), and(eq(appointments.startAt, after.startAt), gt(appointments.id, after.id))) : undefined,
        notExists(
          db
            .select({ one: sql`1` })
            .from(appointmentReminders)
            .where(eq(appointmentReminders.appointmentId, appointments.id)),
        ),
      ),
    )
    .orderBy(asc(appointments.startAt), asc(appointments.id))
    .limit(limit);
}

/**
 * Gives every upcoming appointment within reach of its due time a reminder row, whatever made it
 * (ADR 0046): batch after batch, each one INSERT that skips an appointment another instance has
 * just given one (the primary key: one reminder per appointment). A row found this way has no
 * recipient, and is due at its due time or now if that has passed. Answers how many it wrote.
 */
async function scheduleFound(db: Db, now: Date, leadHours: number, batchSize: number): Promise<number> {
  const horizon = new Date(now.getTime() + foundReminderHorizonHours(leadHours) * 3_600_000);
  let after: { startAt: Date; id: number } | null = null;
  let found = 0;
  for (;;) {
    const batch = await upcomingWithoutReminder(db, now, horizon, after, batchSize);
    if (batch.length > 0) {
      const written = await db
        .insert(appointmentReminders)
        .values(
          batch.map((a) => ({
            appointmentId: a.id,
            startAt: a.startAt,
            dueAt: foundReminderDueAt(a.startAt, now, leadHours),
            state: 'scheduled' as const,
            createdAt: now,
          })),
        )
        .onConflictDoNothing({ target: appointmentReminders.appointmentId })
        .returning({ id: appointmentReminders.appointmentId });
      found += written.length;
    }
    if (batch.length < batchSize) return found;
    const last = batch[batch.length - 1]!;
    after = { startAt: last.startAt, id: last.id };
  }
}

/** Whether the patient has refused booking text messages (the latest patient data consent). */
export async function refusesBookingSms(db: Db, personId: string): Promise<boolean> {
  const [consent] = await db
    .select({ allows: patientDataConsents.allowsBookingSms })
    .from(patientDataConsents)
    .where(eq(patientDataConsents.personId, personId))
    .orderBy(desc(patientDataConsents.givenAt), desc(patientDataConsents.id))
    .limit(1);
  return consent ? !consent.allows : false;
}

// ---------------------------------------------------------------------------------------------
// Whom a reminder or a confirmation of a new time goes to

/** A recipient as the messages need it: the contact and the brand the message is written under. */
export interface NoticeRecipient extends NoticeContact {
  brand: BrandKey;
}

/** The booking's contact kept on the reminder row (null: the portal did not book the appointment). */
export function bookingContactOf(
  row: { phone: string | null; email: string | null; language: Language | null; brand: BrandKey | null } | undefined,
): NoticeRecipient | null {
  if (!row?.phone || !row.language || !row.brand) return null;
  return { phone: row.phone, email: row.email, language: row.language, brand: row.brand };
}

const contactColumns = { id: persons.id, phone: persons.phone, email: persons.email, language: persons.language };

/**
 * Who gets the appointment's reminder or the confirmation of its new time now (ADR 0046; the rule
 * is `noticeRecipients`): the viewer rules are asked as the message is written — whether whoever
 * booked may still see the visit, and which guardians may see it when the patient has no contact.
 * Messages to anyone but the booking's contact go under this deployment's brand (BRAND).
 */
export async function noticeRecipientsOf(
  t: Db,
  appointment: { id: number; patientId: string; bookedById: string | null; confidentialAt: Date | null },
  booked: NoticeRecipient | null,
  now: Date,
): Promise<NoticeRecipients<NoticeRecipient>> {
  const brand = env().BRAND;
  const [patient] = await t.select(contactColumns).from(persons).where(eq(persons.id, appointment.patientId)).limit(1);
  if (!patient) return { type: 'none', reason: 'noContact' };
  let bookerMaySee = false;
  if (booked) {
    if (appointment.bookedById === appointment.patientId) bookerMaySee = true;
    else if (appointment.bookedById) bookerMaySee = await personSeesAppointment(t, appointment.bookedById, appointment.id, now);
    // An anonymous booking's contact may be a parent's: not once the visit is hidden (ADR 0034).
    else bookerMaySee = appointment.confidentialAt === null;
  }
  const own = { phone: patient.phone, email: patient.email, language: patient.language, brand };
  const guardians: NoticeRecipient[] = [];
  // Asked only when it matters: the booking's contact is not to be used and the patient has none.
  if (!(booked && bookerMaySee) && !own.phone && !own.email) {
    const rows = await t
      .select(contactColumns)
      .from(guardianships)
      .innerJoin(persons, eq(persons.id, guardianships.guardianId))
      .where(eq(guardianships.wardId, appointment.patientId))
      .orderBy(asc(persons.id));
    for (const g of rows) {
      if (await personSeesAppointment(t, g.id, appointment.id, now)) guardians.push({ phone: g.phone, email: g.email, language: g.language, brand });
    }
  }
  return noticeRecipients({ booked, bookerMaySee, confidential: appointment.confidentialAt !== null, patient: own, guardians });
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
async function reminderMessages(
  facts: ReminderFacts,
  recipient: NoticeRecipient & { link: string | null },
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
  if (channels.includes('sms') && recipient.phone) {
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
    messages.push({
      ...common,
      channel: 'email',
      recipient: recipient.email,
      subject: t('reminders.message.emailSubject', values),
      body,
      attachments: [
        calendarAttachment(
          t,
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
      ],
    });
  }
  return messages;
}

// ---------------------------------------------------------------------------------------------
// The sweep

export interface ReminderSweepSummary {
  /** Upcoming appointments the portal did not book that got their reminder row (ADR 0046). */
  found: number;
  /** Reminders whose messages were written to the outbox… */
  written: number;
  /** …and those messages. */
  messages: number;
  /** Dropped at send time: cancelled, past, moved inside the lead time, nobody to send to, no channel left. */
  dropped: number;
  /** Moved appointments whose reminder was computed again. */
  rescheduled: number;
}

export interface ReminderSweepOptions {
  now?: Date;
  leadHours?: number;
  /** Reminders claimed (and appointments without one looked at) per transaction. */
  batchSize?: number;
}

/**
 * Writes the due reminders' messages to the outbox, after giving every upcoming appointment within
 * reach a reminder row (`scheduleFound`). Safe to run on several instances at once: a row is one
 * per appointment (the primary key), each batch is claimed with `FOR UPDATE SKIP LOCKED` and
 * finished (outbox rows, links, `written`) in its transaction, and the state change is conditional
 * on `scheduled` as well.
 */
export async function runReminderSweep(db: Db, options: ReminderSweepOptions = {}): Promise<ReminderSweepSummary> {
  const now = options.now ?? clock.now();
  const leadHours = options.leadHours ?? env().REMINDER_LEAD_HOURS;
  const batchSize = options.batchSize ?? 50;
  const summary: ReminderSweepSummary = { found: await scheduleFound(db, now, leadHours, batchSize), written: 0, messages: 0, dropped: 0, rescheduled: 0 };
  for (;;) {
    const batch = await withTransaction(db, async (t) => {
      const rows = await t
        .select({
          reminder: appointmentReminders,
          appointment: appointments,
          clinic: { name: clinics.name, streetAddress: clinics.streetAddress, postalCode: clinics.postalCode, postOffice: clinics.postOffice },
          specialtyName: specialties.name,
        })
        .from(appointmentReminders)
        .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
        .innerJoin(clinics, eq(clinics.id, appointments.clinicId))
        .innerJoin(specialties, eq(specialties.id, appointments.specialtyId))
        .where(and(eq(appointmentReminders.state, 'scheduled'), lte(appointmentReminders.dueAt, now)))
        .orderBy(asc(appointmentReminders.dueAt), asc(appointmentReminders.appointmentId))
        .limit(batchSize)
        .for('update', { of: appointmentReminders, skipLocked: true });
      let changed = 0;
      const queued: OutboxRow[] = [];
      for (const row of rows) {
        const { reminder, appointment } = row;
        const mine = and(eq(appointmentReminders.appointmentId, reminder.appointmentId), eq(appointmentReminders.state, 'scheduled'));
        const drop = async (dropReason: (typeof appointmentReminders.$inferSelect)['dropReason']) => {
          await t.update(appointmentReminders).set({ state: 'dropped', dropReason }).where(mine);
          summary.dropped++;
        };
        const decision = sendDecision(reminder, appointment, now, leadHours);
        if (decision.type === 'wait') continue;
        changed++;
        if (decision.type === 'reschedule') {
          await t.update(appointmentReminders).set({ startAt: decision.startAt, dueAt: decision.dueAt }).where(mine);
          summary.rescheduled++;
          continue;
        }
        if (decision.type === 'drop') {
          await drop(decision.reason);
          continue;
        }
        // Whom it goes to now (the viewer rules: a visit hidden from the guardians never reminds
        // the guardian who booked it, ADR 0034), and on which channels (the patient's SMS consent).
        const who = await noticeRecipientsOf(t, appointment, bookingContactOf(reminder), now);
        if (who.type === 'none') {
          await drop(who.reason);
          continue;
        }
        const refusedSms = await refusesBookingSms(t, appointment.patientId);
        const sends = who.recipients.map((recipient) => ({
          recipient,
          channels: reminderChannels({ refusedSms, phone: recipient.phone, email: recipient.email }),
        }));
        const channels = [...new Set(sends.flatMap((x) => x.channels))];
        if (channels.length === 0) {
          await drop('refused');
          continue;
        }
        const claimed = await t
          .update(appointmentReminders)
          .set({ state: 'written', writtenAt: now, channels })
          .where(mine)
          .returning({ id: appointmentReminders.appointmentId });
        if (claimed.length === 0) continue;
        const facts: ReminderFacts = {
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
        };
        for (const send of sends) {
          if (send.channels.length === 0) continue;
          // A link of its own, made now: only its hash is kept (ADR 0046).
          const link = await newAppointmentLink(t, appointment.id, send.recipient.language, now);
          const messages = await reminderMessages(facts, { ...send.recipient, link }, send.channels);
          for (const message of messages) queued.push(await enqueueMessage(t, message));
          summary.messages += messages.length;
        }
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
const REMINDER_QUEUE = 'appointment-reminders';

/** Registers the sweep on the job runner: one run per minute across all instances. */
export async function scheduleReminderJob(runner: JobRunner, getDb: () => Promise<Db>): Promise<void> {
  await runner.work(REMINDER_QUEUE, async () => {
    const summary = await runReminderSweep(await getDb());
    if (summary.found || summary.written || summary.dropped || summary.rescheduled) logger.info({ ...summary }, 'appointment reminders swept');
  });
  await runner.schedule(REMINDER_QUEUE, 1);
}

// ---------------------------------------------------------------------------------------------
// What the pages show

/**
 * What the booking confirmation page says of the messages: where the confirmation went (masked)
 * and whether, how and when the reminder will come. Null when the appointment has no reminder
 * row with the booking's contact (the portal did not book it). The caller has checked that the
 * appointment is the visitor's (and logged the view).
 */
export async function reminderNotice(db: Db, appointmentId: number, lang: Language): Promise<ReminderNoticeView | null> {
  const [row] = await db
    .select({ reminder: appointmentReminders, patientId: appointments.patientId })
    .from(appointmentReminders)
    .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
    .where(eq(appointmentReminders.appointmentId, appointmentId))
    .limit(1);
  if (!row?.reminder.phone) return null;
  const { reminder } = row;
  const confirmation = { phone: maskPhone(row.reminder.phone), email: reminder.email ? maskEmail(reminder.email) : null };
  const leadHours = env().REMINDER_LEAD_HOURS;
  if (reminder.state === 'written') return { confirmation, reminder: { type: 'written' }, leadHours };
  if (reminder.state === 'dropped') {
    const reason = reminder.dropReason === 'insideLead' || reminder.dropReason === 'refused' ? reminder.dropReason : 'other';
    return { confirmation, reminder: { type: 'none', reason }, leadHours };
  }
  const refusedSms = await refusesBookingSms(db, row.patientId);
  const channels = reminderChannels({ refusedSms, phone: reminder.phone, email: reminder.email });
  if (channels.length === 0) return { confirmation, reminder: { type: 'none', reason: 'refused' }, leadHours };
  return { confirmation, reminder: { type: 'scheduled', channels, dueText: formatDateTime(reminder.dueAt, lang), refusedSms }, leadHours };
}

export interface ScheduledReminderRow {
  appointmentId: number;
  dueAt: Date;
  /** The booking's channels as they would go now; null: the recipient is decided when it is written (the portal did not book it). */
  channels: ReminderChannel[] | null;
  refusedSms: boolean;
}

/** The scheduled reminders, soonest first, with the channels they would go out on now (/dev/outbox). */
export async function listScheduledReminders(db: Db, limit = 500): Promise<ScheduledReminderRow[]> {
  const rows = await db
    .select({
      appointmentId: appointmentReminders.appointmentId,
      dueAt: appointmentReminders.dueAt,
      phone: appointmentReminders.phone,
      email: appointmentReminders.email,
      patientId: appointments.patientId,
    })
    .from(appointmentReminders)
    .innerJoin(appointments, eq(appointments.id, appointmentReminders.appointmentId))
    .where(eq(appointmentReminders.state, 'scheduled'))
    .orderBy(asc(appointmentReminders.dueAt), asc(appointmentReminders.appointmentId))
    .limit(limit);
  const result: ScheduledReminderRow[] = [];
  for (const row of rows) {
    if (!row.phone) {
      result.push({ appointmentId: row.appointmentId, dueAt: row.dueAt, channels: null, refusedSms: false });
      continue;
    }
    const refusedSms = await refusesBookingSms(db, row.patientId);
    result.push({
      appointmentId: row.appointmentId,
      dueAt: row.dueAt,
      channels: reminderChannels({ refusedSms, phone: row.phone, email: row.email }),
      refusedSms,
    });
  }
  return result;
}
