/**
 * Per-person rate limits on logged-in mutations (issue 21, item 3: "no logged-in mutation is
 * rate-limited"). A customer's messages per hour (the API and the pages share one counter), the
 * files a person uploads per hour (message attachments, Kela card images), and the general limit
 * on every logged-in POST that the root middleware applies. Each refusal is a 429 with
 * Retry-After, stores nothing, and a page's form keeps what was typed.
 */
import { randomUUID } from 'node:crypto';
import { parseWithZod } from '@conform-to/zod/v4';
import { count, eq } from 'drizzle-orm';
import { RouterContextProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCareTeam, createOccupationalContract, createPerson, createProfessional, localized } from '~db/factories';
import { messagingMessages, storedObjects } from '~db/schema';
import { retryAfterContext } from '~/context';
import { env } from '~/env.server';
import { sendMessageForm } from '~/lib/http/messaging-form.server';
import { limitPersonPosts } from '~/lib/http/person-limits.server';
import { makeIdentityCode } from '~/models/identity-code';
import { composerSchema } from '~/models/messaging/schemas';
import { initKelaUpload, storeKelaCard } from '~/services/account/kela-card.server';
import type { Db } from '~/services/db/db.server';
import { runMessagingQuery } from '~/services/messaging/graphql.server';
import { sendCustomerMessage } from '~/services/messaging/conversations.server';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { createEmbeddedAdapter } from '~/services/storage/embedded-adapter.server';
import { deriveSigningKey } from '~/services/storage/signing.server';
import type { Storage } from '~/services/storage/storage.server';
import { databaseKinds, withTestDatabase } from '../fixtures/db';
import { clock } from '../fixtures/clock';

let individual = 700;
const code = (birthDate = '1984-09-09') => makeIdentityCode(birthDate, (individual += 1));
const PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, ...Array.from({ length: 64 }, () => 0)]);

async function world(db: Db) {
  const contract = await createOccupationalContract(db, { employerName: 'Tahti Oy' });
  const nurse = (lastName: string) =>
    createProfessional(db, {
      identityCode: code('1972-04-04'),
      firstName: 'Tahti',
      lastName,
      title: localized('Hoitaja', 'Skötare', 'Nurse'),
      professionalType: 'Nurse',
    });
  const first = await nurse('Yksi');
  const second = await nurse('Kaksi');
  await addCareTeam(db, contract.id, [first.personId, second.personId]);
  const customer = async () => {
    const person = await createPerson(db, { identityCode: code(), firstName: 'Tahti', lastName: 'Asiakas', occupationalContractId: contract.id });
    const thread = await createThreadWithMessage(db, { customerPersonId: person.id, title: 'Kysymys', text: 'Hei', recipientId: first.personId });
    if (!thread.ok) throw new Error(thread.reason);
    return { person, threadId: thread.threadId };
  };
  return { first, second, customer };
}

describe.each(databaseKinds())('per-person rate limits on %s', (kind) => {
  const t = withTestDatabase(kind);
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(t.db);
  });

  const api = (customerId: string, query: string, now = clock.now()) =>
    runMessagingQuery({ db: t.db, customerId, lang: 'fi', now }, { query }, { introspection: false });
  const messagesBy = async (personId: string) =>
    (await t.db.select({ n: count() }).from(messagingMessages).where(eq(messagingMessages.authorId, personId)))[0]!.n;
  const objectsOf = async (personId: string) => (await t.db.select({ n: count() }).from(storedObjects).where(eq(storedObjects.ownerPersonId, personId)))[0]!.n;
  const send = (threadId: number, text: string, key?: string) =>
    `mutation { sendMessage(threadId: "${threadId}", message: {content: "${text}"}${key ? `, idempotencyKey: "${key}"` : ''}) { id } }`;

  /** The composer's form, as the page's action reads it. */
  function composer(text: string, files: File[] = []) {
    const form = new FormData();
    form.set('intent', 'send');
    form.set('idempotencyKey', randomUUID());
    form.set('text', text);
    for (const file of files) form.append('attachments', file);
    return { submission: parseWithZod(form, { schema: composerSchema }), filesOverLimit: false };
  }
  const pageSend = (customer: { person: { id: string }; threadId: number }, text: string, files: File[] = [], context = new RouterContextProvider()) =>
    sendMessageForm(t.db, composer(text, files), {
      failedFlag: 'sendError',
      userId: customer.person.id,
      ownerId: customer.person.id,
      customerLimits: true,
      context,
      alreadySent: () => '/fi/viestit',
      send: ({ text: body, idempotencyKey }, attachments) =>
        sendCustomerMessage(t.db, { customerId: customer.person.id, threadId: customer.threadId, text: body, attachments, idempotencyKey }),
      sentTo: () => '/fi/viestit',
      refused: (_sent, failed) => failed(),
    });

  it(`a customer's messages per hour: API and page share the count; the one over it is a 429 that stores nothing and keeps the text`, async () => {
    const limit = env().RATE_LIMIT_MESSAGES_PER_HOUR;
    const customer = await w.customer();
    const before = await messagesBy(customer.person.id);
    const key = randomUUID();
    expect((await api(customer.person.id, send(customer.threadId, 'Viesti 0', key))).status).toBe(200);
    // One by the page (it redirects after sending), the rest by the API.
    await expect(pageSend(customer, 'Sivulta')).rejects.toMatchObject({ status: 303 });
    for (let i = 2; i < limit; i++) expect((await api(customer.person.id, send(customer.threadId, `Viesti ${i}`))).status).toBe(200);
    expect(await messagesBy(customer.person.id)).toBe(before + limit);

    const refused = await api(customer.person.id, send(customer.threadId, 'Liikaa'));
    expect(refused).toMatchObject({ status: 429, body: { error: { type: 'TooManyRequests', retryAfterSeconds: expect.any(Number) } } });
    const retryAfter = (refused.body as { error: { retryAfterSeconds: number } }).error.retryAfterSeconds;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    // A replay of a message already sent is answered as before: it is not a new message.
    expect(await api(customer.person.id, send(customer.threadId, 'Viesti 0', key))).toMatchObject({ status: 200 });

    // The page: 429 with Retry-After, the typed text back in the form, no message and no file kept.
    const objects = await objectsOf(customer.person.id);
    const context = new RouterContextProvider();
    const page = await pageSend(customer, 'Tämä teksti jää lomakkeelle.', [new File([Buffer.from(PNG)], 'kuva.png', { type: 'image/png' })], context);
    expect(page.init?.status).toBe(429);
    const retryAfterPage = new Headers(page.init?.headers).get('Retry-After');
    expect(retryAfterPage).toMatch(/^\d+$/);
    // (The session middleware puts this into the page's Retry-After.)
    expect(context.get(retryAfterContext)).toBe(Number(retryAfterPage));
    expect(page.data).toMatchObject({ tooMany: { key: 'messaging.errors.tooManyMessages', minutes: expect.any(Number) }, sendError: false });
    expect(page.data.result.initialValue).toMatchObject({ text: 'Tämä teksti jää lomakkeelle.' });
    expect(await messagesBy(customer.person.id)).toBe(before + limit);
    expect(await objectsOf(customer.person.id)).toBe(objects);

    // Another customer has a count of their own; an hour later this one may write again.
    const other = await w.customer();
    expect((await api(other.person.id, send(other.threadId, 'Minä saan'))).status).toBe(200);
    const later = new Date(clock.nowMs() + 3601_000);
    expect((await api(customer.person.id, send(customer.threadId, 'Tunnin päästä'), later)).status).toBe(200);
  });

  it('a new thread per participant counts one message per thread, and one recipient twice is refused', async () => {
    const limit = env().RATE_LIMIT_MESSAGES_PER_HOUR;
    const customer = await w.customer();
    const newThreads = (ids: string[]) =>
      `mutation { sendMessageInNewThread(title: "Kaikille", type: Customer, participantIds: [${ids.map((id) => `"${id}"`).join(', ')}], separateThreadPerParticipant: true, firstMessage: {content: "Hei kaikki"}) }`;
    const twice = await api(customer.person.id, newThreads(Array.from({ length: 50 }, () => w.first.personId)));
    expect(twice).toMatchObject({ status: 400, body: { error: { type: 'ValidationError', details: ['participantIds: each recipient once'] } } });
    const before = await messagesBy(customer.person.id);
    for (let i = 0; i < limit - 1; i++) expect((await api(customer.person.id, send(customer.threadId, `Viesti ${i}`))).status).toBe(200);
    // One message left in the hour: two threads are too many, and neither is created.
    expect((await api(customer.person.id, newThreads([w.first.personId, w.second.personId]))).status).toBe(429);
    expect(await messagesBy(customer.person.id)).toBe(before + limit - 1);
  });

  it('the files a person uploads per hour: attachment uploads by the API, and Kela card images, then 429 with nothing created', async () => {
    const limit = env().RATE_LIMIT_UPLOADS_PER_HOUR;
    const customer = await w.customer();
    const upload = 'mutation { createAttachmentUpload(fileName: "kuva.png", contentType: "image/png", byteSize: 1024) { key } }';
    for (let i = 0; i < limit - 2; i++) expect((await api(customer.person.id, upload)).status).toBe(200);
    const store: Storage = { adapter: createEmbeddedAdapter(), key: deriveSigningKey('integration-test-session-secret-0123456789', true) };
    const auth = { person: { id: customer.person.id } };
    // The last two files of the hour: one Kela card (front and back).
    expect((await initKelaUpload(t.db, store, auth, { front: 'image/jpeg', back: 'image/png' }, { front: 1024, back: 1024 })).type).toBe('success');
    const objects = await objectsOf(customer.person.id);
    expect(await api(customer.person.id, upload)).toMatchObject({ status: 429, body: { error: { type: 'TooManyRequests' } } });
    expect(await initKelaUpload(t.db, store, auth, { front: 'image/jpeg', back: 'image/png' }, { front: 1024, back: 1024 })).toMatchObject({
      type: 'too-many-uploads',
      retryAfterSeconds: expect.any(Number),
    });
    const files = {
      front: { contentType: 'image/jpeg', fileName: 'front.jpg', bytes: JPEG },
      back: { contentType: 'image/png', fileName: 'back.png', bytes: PNG },
    };
    expect(await storeKelaCard(t.db, store, auth, files)).toMatchObject({ type: 'too-many-uploads' });
    expect(await objectsOf(customer.person.id)).toBe(objects);
    // A message with a file on the page is refused for the file, keeping the text.
    const page = await pageSend(customer, 'Liite ei mahdu.', [new File([Buffer.from(PNG)], 'kuva.png', { type: 'image/png' })]);
    expect(page.init?.status).toBe(429);
    expect(page.data).toMatchObject({ tooMany: { key: 'messaging.errors.tooManyUploads' } });
    expect(await objectsOf(customer.person.id)).toBe(objects);
  });

  it('every logged-in POST counts toward the general limit: over it, APIs get JSON 429 and pages the 429 page, with Retry-After', async () => {
    const limit = env().RATE_LIMIT_PERSON_POSTS_PER_10_MIN;
    const person = await createPerson(t.db, { identityCode: code(), firstName: 'Kiire', lastName: 'Asiakas' });
    const context = new RouterContextProvider();
    for (let i = 0; i < limit; i++) await limitPersonPosts(t.db, person.id, '/fi/viestit/uusi', context);
    expect(context.get(retryAfterContext)).toBeNull();
    const thrown = async (path: string) => {
      try {
        await limitPersonPosts(t.db, person.id, path, context);
      } catch (error) {
        return error;
      }
      throw new Error(`${path} was not refused`);
    };
    const graphql = (await thrown('/api/customer-messaging')) as Response;
    expect(graphql.status).toBe(429);
    expect(graphql.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(await graphql.json()).toMatchObject({ error: { type: 'TooManyRequests', retryAfterSeconds: expect.any(Number) } });
    const kela = (await thrown('/api/kela-card/init-upload')) as Response;
    expect(kela.status).toBe(429);
    expect(await kela.json()).toMatchObject({ type: 'too-many-requests', retryAfterSeconds: expect.any(Number) });
    const page = (await thrown('/fi/viestit/uusi')) as { init: ResponseInit; data: unknown };
    expect(page.init.status).toBe(429);
    expect(new Headers(page.init.headers).get('Retry-After')).toMatch(/^\d+$/);
    expect(context.get(retryAfterContext)).toBe(Number(new Headers(page.init.headers).get('Retry-After')));
    // React Router matches paths case-insensitively: so does the choice of answer.
    expect(((await thrown('/API/Customer-Messaging')) as Response).headers.get('Content-Type')).toContain('application/json');
    // Someone else is not affected.
    const other = await createPerson(t.db, { identityCode: code(), firstName: 'Rauha', lastName: 'Asiakas' });
    await expect(limitPersonPosts(t.db, other.id, '/fi/viestit/uusi', new RouterContextProvider())).resolves.toBeUndefined();
  });
});
