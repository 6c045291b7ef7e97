/**
 * The outbox's delivery (ADR 0029) on a real database and a real SMTP server started by the
 * test: booking an appointment (the service the booking page uses) sends its e-mail once, with a
 * plain-text and an HTML part and a parseable `.ics` with a reminder alarm, and its SMS through
 * the configured SMS channel; a temporary SMTP failure is retried and then succeeds; a permanent
 * one ends `failed` with its class and nothing of the message in the log; on PostgreSQL two
 * instances' runners (two pg-boss) send 100 queued messages exactly once each. A row that is
 * sent or failed keeps no bearer link (its text with `[code]`, its calendar file's name only),
 * while a row waiting for its retry keeps it whole; the test channels' rows keep their text.
 */
import { Writable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createClinic, createPerson, createPractitioner, createSlot, createSpecialty } from '~db/factories';
import { outbox } from '~db/schema';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { encodeAnonymousCode } from '~/models/appointments/anonymous-code';
import { makeIdentityCode } from '~/models/identity-code';
import { reserveAnonymously } from '~/services/booking/reservation.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import type { Db } from '~/services/db/db.server';
import { setCurrentJobRunner, startJobRunner, type JobRunner } from '~/services/jobs/runner.server';
import { channelsFor } from '~/services/outbox/channels.server';
import { smsText } from '~/models/sms/segments';
import { deliverMessage, registerDelivery, sweepOutbox, type DeliveryDeps } from '~/services/outbox/delivery.server';
import type { EmailSender } from '~/services/outbox/email/email-sender';
import { smtpEmailSender } from '~/services/outbox/email/smtp.server';
import { enqueueMessage, type OutboxRow } from '~/services/outbox/outbox.server';
import { createLogger } from '~/services/observability/logger.server';
import { createTestSmsSender } from '~/services/outbox/sms/test-sender.server';
import { testEmailSender } from '~/services/outbox/test-senders.server';
import { scrubBearerLinks } from '~/services/observability/scrub-rules';
import { KEY as GATEWAY_KEY, SECRET as GATEWAY_SECRET, startFakeGatewayApi } from '../../fixtures/sms-gateway';
import { openDatabase } from '../../../db/client';
import { clock } from '../../fixtures/clock';
import { databaseKinds, postgresUrlFor, testDatabaseUrl, withTestDatabase } from '../../fixtures/db';
import { leaves, parseIcs, parseMime, prop, startSmtpServer, type TestSmtpServer } from '../../fixtures/mail';

const ORIGIN = 'https://portal.test';
const MAIL = { MAIL_FROM_GENERAL: 'Kaari <no-reply@kaari.test>', MAIL_FROM_CHILDREN: 'Pikku Kaari <no-reply@pikkukaari.test>' };
/** What must never reach a log: it is in every message body and in the server's refusals. */
const SENTINEL = 'Sentinel-7f3a9 salainen sisältö';
/** An anonymous appointment link's code, in every message body: no finished row may keep it. */
const CODE = encodeAnonymousCode(77, 'Wm3Qx8Rt2Nv6Kp9Ls4Hd7Jc1Gb5Fz0Ay');

function memoryLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger(destination, 'debug'), lines };
}

/** One SMTP channel per server (a pooled transport), closed with it. */
const senders = new Map<TestSmtpServer, EmailSender>();

function deps(smtp: TestSmtpServer, extra: Partial<DeliveryDeps> = {}): DeliveryDeps {
  if (!senders.has(smtp)) senders.set(smtp, smtpEmailSender({ url: smtp.url, requireTLS: false, timeoutMs: 5000 }));
  return {
    channels: { email: senders.get(smtp)!, sms: createTestSmsSender(10) },
    settings: { maxTries: 3, retryBaseSeconds: 1, leaseSeconds: 60 },
    senders: MAIL,
    random: () => 0,
    ...extra,
  };
}

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 30_000): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const rowsOf = (db: Db, ids: number[]) => db.select().from(outbox).where(inArray(outbox.id, ids)).orderBy(outbox.id);

let individual = 700;

async function email(db: Db, recipient: string): Promise<OutboxRow> {
  return enqueueMessage(db, {
    kind: 'notice',
    brand: 'general',
    language: 'fi',
    channel: 'email',
    recipient,
    subject: 'Uusi viesti',
    body: `Hei! ${SENTINEL}\nhttps://portal.test/fi/viestit\nhttps://portal.test/fi/varaus/${CODE}`,
    attachments: [
      { fileName: 'varaus.ics', contentType: 'text/calendar', content: Buffer.from(`URL:https://portal.test/fi/varaus/${CODE}`).toString('base64') },
    ],
  });
}

/** What a finished row keeps: the text with the link masked, the attachment's name only. */
function expectNoLink(row: OutboxRow | undefined) {
  expect(row!.body).toBe(`Hei! ${SENTINEL}\nhttps://portal.test/fi/viestit\nhttps://portal.test/fi/varaus/[code]`);
  expect(row!.attachments).toEqual([{ fileName: 'varaus.ics', contentType: 'text/calendar', content: '' }]);
}

describe.each(databaseKinds())('outbox delivery on %s', (kind) => {
  const t = withTestDatabase(kind);
  let smtp: TestSmtpServer;
  const runners: JobRunner[] = [];
  const databaseUrl = () => (kind === 'postgres' ? postgresUrlFor(testDatabaseUrl()!, t.database.location) : undefined);

  beforeAll(async () => {
    smtp = await startSmtpServer();
    await createClinic(t.db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
    await createSpecialty(
      t.db,
      SPECIALTIES.find((s) => s.id === 'YLE')!,
    );
    await createPractitioner(t.db, {
      id: 'P0001',
      firstName: 'Anna',
      lastName: 'Lahtinen',
      title: { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' },
      specialtyIds: ['YLE'],
      clinicIds: ['KA'],
    });
  });
  afterEach(async () => {
    setCurrentJobRunner(null);
    for (const runner of runners.splice(0)) await runner.stop();
    smtp.replyWith(() => ({ accept: true }));
  });
  afterAll(async () => {
    senders.get(smtp)?.close();
    await smtp.close();
  });

  it('booking an appointment sends its e-mail once (plain text, HTML, .ics with an alarm) and its SMS through the configured channel', async () => {
    const runner = await startJobRunner({ DATABASE_URL: databaseUrl() });
    runners.push(runner);
    // The SMS through GatewayAPI's protocol to a local gateway that checks its signature (ADR 0030).
    const gateway = await startFakeGatewayApi();
    onTestFinished(() => gateway.close());
    const channels = {
      ...channelsFor({
        EMAIL: 'test',
        SMTP_TIMEOUT_MS: 5000,
        DEPLOYMENT_ENV: 'test',
        SMS: 'gatewayapi',
        SMS_GATEWAYAPI_URL: gateway.url,
        SMS_GATEWAYAPI_KEY: GATEWAY_KEY,
        SMS_GATEWAYAPI_SECRET: GATEWAY_SECRET,
        SMS_GATEWAYAPI_TIMEOUT_MS: 5000,
        SMS_MAX_SEGMENTS: 10,
      }),
      email: deps(smtp).channels.email,
    };
    await registerDelivery(runner, async () => t.db, { ...deps(smtp), channels });
    setCurrentJobRunner(runner);

    const now = clock.now();
    individual += 2;
    const person = await createPerson(t.db, {
      identityCode: makeIdentityCode('1985-03-15', individual),
      firstName: 'Aino',
      lastName: `Virtanen${individual}`,
      phone: '+358401111111',
      email: 'stored@example.fi',
    });
    const slot = await createSlot(t.db, { clinicId: 'KA', practitionerId: 'P0001', specialtyId: 'YLE', startAt: new Date(now.getTime() + 3 * 86_400_000) });
    const before = smtp.received.length;
    const context: ReservationContext = {
      lang: 'sv',
      origin: ORIGIN,
      brand: 'general',
      inApp: false,
      now,
      settings: { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 },
    };
    const result = await reserveAnonymously(
      t.db,
      {
        slotId: slot.id,
        ssn: person.identityCode.toLowerCase(),
        firstName: 'aino',
        lastName: person.lastName,
        phone: '040 555 7001',
        emailAddress: `booker${individual}@example.fi`,
        termsApproved: true,
        bindingApproved: false,
      },
      context,
    );
    expect(result.type).toBe('success');
    if (result.type !== 'success') return;

    const rows = await waitFor(
      'both confirmation messages sent',
      () =>
        t.db
          .select()
          .from(outbox)
          .where(inArray(outbox.recipient, ['+358405557001', `booker${individual}@example.fi`])),
      (found) => found.length === 2 && found.every((row) => row.state === 'sent'),
    );
    for (const row of rows)
      expect(row).toMatchObject({ kind: 'confirmation', brand: 'general', language: 'sv', tries: 1, lastErrorClass: null, notBefore: null });
    const sms = rows.find((row) => row.channel === 'sms')!;
    const mailRow = rows.find((row) => row.channel === 'email')!;
    const link = result.reservationDetails.anonymousLink;
    const code = link.split('/').at(-1)!;
    // Exactly one SMS request passed the gateway's checks (signature, nonce, body), to the booker,
    // with the link; the row it was sent from keeps its text without the link's code.
    expect(gateway.received).toHaveLength(1);
    expect(gateway.received[0]!.body).toMatchObject({ sender: 'Kaari', recipients: [{ msisdn: 358405557001 }], userref: String(sms.id) });
    const sentText = (gateway.received[0]!.body as { message: string }).message;
    expect(sentText).toContain(smsText(link));
    expect(scrubBearerLinks(sentText)).toBe(smsText(sms.body));
    expect(sms.body).toContain(`${ORIGIN}/sv/bokning/[code]`);
    expect(sms.providerId).toBe('421332671'); // the local gateway's first message id
    expect(mailRow.providerId).toBe(`<outbox-${mailRow.id}@kaari.test>`);
    expect(mailRow.sentAt!.getTime()).toBeGreaterThanOrEqual(now.getTime());

    // Exactly one e-mail reached the server, to the booker, from the brand's sender.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ from: 'no-reply@kaari.test', to: [`booker${individual}@example.fi`] });

    const message = parseMime(mails[0]!.raw);
    expect(message.headers.get('message-id')).toBe(`<outbox-${mailRow.id}@kaari.test>`);
    expect(message.headers.get('content-language')).toBe('sv');
    const parts = leaves(message);
    const text = parts.find((p) => p.type === 'text/plain')!;
    const html = parts.find((p) => p.type === 'text/html')!;
    const calendar = parts.find((p) => p.type === 'text/calendar')!;
    // The e-mail carried the link; its row keeps the text with the code masked, and of the
    // calendar file (which carries the link too) its name.
    const mailText = text.body.toString('utf8').replace(/\r\n/g, '\n');
    expect(mailText).toContain(link);
    expect(scrubBearerLinks(mailText)).toBe(mailRow.body);
    expect(mailRow.attachments).toEqual([{ fileName: expect.stringMatching(/\.ics$/), contentType: expect.stringMatching(/^text\/calendar/), content: '' }]);
    for (const row of rows) expect(JSON.stringify(row)).not.toContain(code);
    expect(html.body.toString('utf8')).toContain('<html lang="sv">');
    expect(html.body.toString('utf8')).toContain(`<a href="${link}">${link}</a>`);
    expect(html.body.toString('utf8')).toContain('Kaari');
    expect(calendar.headers.get('content-disposition')).toMatch(/^attachment; filename=.*\.ics/);

    const ics = parseIcs(calendar.body.toString('utf8'));
    const event = ics.components.find((c) => c.name === 'VEVENT')!;
    expect(prop(event, 'UID')).toBe(`appointment-${result.appointmentId}@www.kaari.example`);
    expect(prop(event, 'DESCRIPTION')).toBe(link);
    const alarm = event.components.find((c) => c.name === 'VALARM')!;
    expect(prop(alarm, 'ACTION')).toBe('DISPLAY');
    expect(prop(alarm, 'TRIGGER')).toMatch(/^-PT\d+[HM]$/);
  }, 60_000);

  it('retries a temporary SMTP failure (451) after its backoff, and then it is sent', async () => {
    const runner = await startJobRunner({ DATABASE_URL: databaseUrl() });
    runners.push(runner);
    const { logger, lines } = memoryLogger();
    await registerDelivery(runner, async () => t.db, deps(smtp, { logger }));
    setCurrentJobRunner(runner);
    const offered = smtp.offered;
    smtp.replyWith((n) => (n === offered + 1 ? { accept: false, code: 451, text: `Try again later ${SENTINEL}` } : { accept: true }));

    const row = await email(t.db, 'retry@example.fi');
    const { deliverAfterCommit } = await import('~/services/outbox/outbox.server');
    await deliverAfterCommit([row]);

    const [sent] = await waitFor(
      'the retry',
      () => rowsOf(t.db, [row.id]),
      ([r]) => r?.state === 'sent',
    );
    expect(sent).toMatchObject({ state: 'sent', tries: 2, lastErrorClass: 'SmtpTemporaryError', notBefore: null });
    expectNoLink(sent);
    expect(smtp.offered - offered).toBe(2);
    const warning = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((line) => line.msg === 'outbox message will be retried');
    expect(warning).toMatchObject({ outboxId: row.id, channel: 'email', kind: 'notice', tries: 1, errorClass: 'SmtpTemporaryError' });
    for (const line of lines) {
      expect(line).not.toContain('Sentinel-7f3a9');
      expect(line).not.toContain('retry@example.fi');
    }
  }, 60_000);

  it('ends a permanent SMTP failure (550) failed at once, with its class and nothing of the message in the log', async () => {
    const { logger, lines } = memoryLogger();
    smtp.replyWith(() => ({ accept: false, code: 550, text: `Mailbox unknown: permanent@example.fi ${SENTINEL}` }));
    const row = await email(t.db, 'permanent@example.fi');

    expect(await deliverMessage(t.db, row.id, deps(smtp, { logger }))).toEqual({ type: 'failed', errorClass: 'SmtpPermanentError' });
    const [failed] = await rowsOf(t.db, [row.id]);
    expect(failed).toMatchObject({ state: 'failed', tries: 1, lastErrorClass: 'SmtpPermanentError', sentAt: null, providerId: null, notBefore: null });
    expectNoLink(failed);
    // Done: nothing claims it again.
    expect(await deliverMessage(t.db, row.id, deps(smtp, { logger }))).toEqual({ type: 'not-claimed' });

    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records).toEqual([
      expect.objectContaining({ msg: 'outbox message failed', outboxId: row.id, channel: 'email', kind: 'notice', tries: 1, errorClass: 'SmtpPermanentError' }),
    ]);
    for (const line of lines) {
      expect(line).not.toContain('Sentinel-7f3a9');
      expect(line).not.toContain('permanent@example.fi');
      expect(line).not.toContain('Mailbox unknown');
    }
  });

  it('fails a temporary failure after the last try, and takes a row again only after its lease ran out', async () => {
    smtp.replyWith(() => ({ accept: false, code: 421, text: 'Service not available' }));
    const settings = { maxTries: 2, retryBaseSeconds: 1, leaseSeconds: 60 };
    const row = await email(t.db, 'lease@example.fi');
    const first = await deliverMessage(t.db, row.id, deps(smtp, { settings }));
    expect(first).toMatchObject({ type: 'retry', errorClass: 'SmtpTemporaryError' });
    // Waiting for its retry, the row keeps what it has to send.
    expect((await rowsOf(t.db, [row.id]))[0]).toMatchObject({ body: row.body, attachments: row.attachments });
    // Not before its backoff.
    expect(await deliverMessage(t.db, row.id, deps(smtp, { settings }))).toEqual({ type: 'not-claimed' });
    await t.db
      .update(outbox)
      .set({ notBefore: new Date(clock.nowMs() - 1000) })
      .where(eq(outbox.id, row.id));
    expect(await deliverMessage(t.db, row.id, deps(smtp, { settings }))).toEqual({ type: 'failed', errorClass: 'SmtpTemporaryError' });
    expect((await rowsOf(t.db, [row.id]))[0]).toMatchObject({ state: 'failed', tries: 2 });
    expectNoLink((await rowsOf(t.db, [row.id]))[0]);

    // A worker that claimed a row and vanished: the row waits out its lease, then another takes it.
    smtp.replyWith(() => ({ accept: true }));
    const crashed = await email(t.db, 'crashed@example.fi');
    await t.db
      .update(outbox)
      .set({ state: 'sending', tries: 1, notBefore: new Date(clock.nowMs() + 60_000) })
      .where(eq(outbox.id, crashed.id));
    expect(await deliverMessage(t.db, crashed.id, deps(smtp))).toEqual({ type: 'not-claimed' });
    await t.db
      .update(outbox)
      .set({ notBefore: new Date(clock.nowMs() - 1000) })
      .where(eq(outbox.id, crashed.id));
    expect(await deliverMessage(t.db, crashed.id, deps(smtp))).toMatchObject({ type: 'sent' });
    expect((await rowsOf(t.db, [crashed.id]))[0]).toMatchObject({ state: 'sent', tries: 2 });

    // Its lease ran out on the last try: failed as interrupted, not sent again.
    const lastTry = await email(t.db, 'interrupted@example.fi');
    await t.db
      .update(outbox)
      .set({ state: 'sending', tries: 3, notBefore: new Date(clock.nowMs() - 1000) })
      .where(eq(outbox.id, lastTry.id));
    const sent: number[] = [];
    const summary = await sweepOutbox(t.db, { send: async (_queue, data) => void sent.push(Number(data.id)) }, deps(smtp).settings, { graceSeconds: 0 });
    expect(summary.interrupted).toBeGreaterThanOrEqual(1);
    expect(sent).not.toContain(lastTry.id);
    expect((await rowsOf(t.db, [lastTry.id]))[0]).toMatchObject({ state: 'failed', lastErrorClass: 'DeliveryInterrupted' });
    expectNoLink((await rowsOf(t.db, [lastTry.id]))[0]);
  });

  it("keeps the whole text of a row sent through a test channel: it is the recipient's copy at /dev/outbox", async () => {
    const row = await email(t.db, 'mailbox@example.fi');
    const channels = { email: testEmailSender, sms: createTestSmsSender(10) };
    expect(await deliverMessage(t.db, row.id, { ...deps(smtp), channels })).toMatchObject({ type: 'sent' });
    expect((await rowsOf(t.db, [row.id]))[0]).toMatchObject({ state: 'sent', body: row.body, attachments: row.attachments });
  });

  it.runIf(kind === 'postgres')(
    'two instances (two pg-boss runners) on one database send 100 queued messages once each',
    async () => {
      const url = databaseUrl()!;
      const instances = await Promise.all([openDatabase({ url, poolSize: 4 }), openDatabase({ url, poolSize: 4 })]);
      try {
        const rows: OutboxRow[] = [];
        for (let i = 0; i < 100; i++) rows.push(await email(t.db, `many${i}@example.fi`));
        const ids = rows.map((row) => row.id);
        const before = smtp.received.length;
        const started = await Promise.all(
          instances.map(async (instance) => {
            const runner = await startJobRunner({ DATABASE_URL: url });
            runners.push(runner);
            await registerDelivery(runner, async () => instance.db, deps(smtp));
            return runner;
          }),
        );
        // Both instances find all 100 at once (as two sweeps would): 200 jobs for 100 rows.
        await Promise.all(started.map((runner) => sweepOutbox(t.db, runner, deps(smtp).settings, { graceSeconds: 0 })));
        await waitFor(
          '100 sent',
          () => rowsOf(t.db, ids),
          (found) => found.every((row) => row.state === 'sent'),
          90_000,
        );
        await new Promise((resolve) => setTimeout(resolve, 1000));

        const delivered = smtp.received.slice(before).map((mail) => parseMime(mail.raw).headers.get('message-id'));
        expect(delivered).toHaveLength(100);
        expect(new Set(delivered).size).toBe(100);
        expect(new Set(delivered)).toEqual(new Set(ids.map((id) => `<outbox-${id}@kaari.test>`)));
        expect((await rowsOf(t.db, ids)).every((row) => row.tries === 1)).toBe(true);
      } finally {
        for (const runner of runners.splice(0)) await runner.stop();
        await Promise.all(instances.map((instance) => instance.close()));
      }
    },
    120_000,
  );
});
