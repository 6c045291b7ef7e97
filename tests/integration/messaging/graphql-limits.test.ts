/**
 * The customer messaging API refuses costly documents before anything runs (issue 21, item 3):
 * the security review's 800 aliases of `thread(id)` (≈ 19 KB, 17.8 s and ≈ 800 access-log rows
 * on the old code), aliased mutations (two `sendMessageInNewThread` in one request), deep and huge
 * documents, and fragments that multiply fields. Each refusal is a 400 ValidationError with a
 * code; "before execution" is proven by what did not happen: no access-log row (the `thread`
 * resolver writes one per call), no thread, no `data` in the answer.
 */
import { and, count, eq } from 'drizzle-orm';
import { getIntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCareTeam, createOccupationalContract, createPerson, createProfessional, localized } from '~db/factories';
import { accessLog, messagingMessages, messagingThreads } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import type { Db } from '~/services/db/db.server';
import { THREAD_RESOURCE } from '~/services/messaging/conversations.server';
import { runMessagingQuery, type MessagingApiAnswer } from '~/services/messaging/graphql.server';
import { createThreadWithMessage } from '~/services/messaging/threads.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

let individual = 600;
const code = (birthDate = '1983-08-08') => makeIdentityCode(birthDate, (individual += 1));

async function world(db: Db) {
  const contract = await createOccupationalContract(db, { employerName: 'Raja Oy' });
  const nurse = await createProfessional(db, {
    identityCode: code('1971-03-03'),
    firstName: 'Raja',
    lastName: 'Hoitaja',
    title: localized('Hoitaja', 'Skötare', 'Nurse'),
    professionalType: 'Nurse',
  });
  await addCareTeam(db, contract.id, [nurse.personId]);
  const customer = await createPerson(db, { identityCode: code(), firstName: 'Raja', lastName: 'Asiakas', occupationalContractId: contract.id });
  const thread = await createThreadWithMessage(db, { customerPersonId: customer.id, title: 'Raja', text: 'Hei', recipientId: nurse.personId });
  if (!thread.ok) throw new Error(thread.reason);
  return { nurse, customer, threadId: thread.threadId };
}

describe.each(databaseKinds())('GraphQL document limits on %s', (kind) => {
  const t = withTestDatabase(kind);
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world(t.db);
  });

  const ctx = () => ({ db: t.db, customerId: w.customer.id, lang: 'fi' as const, now: clock.now() });
  const run = (query: string, options: Partial<Parameters<typeof runMessagingQuery>[2]> = {}) =>
    runMessagingQuery(ctx(), { query }, { introspection: false, ...options });
  const threadViews = async () =>
    (
      await t.db
        .select({ n: count() })
        .from(accessLog)
        .where(and(eq(accessLog.resource, THREAD_RESOURCE), eq(accessLog.actorPersonId, w.customer.id), eq(accessLog.action, 'view')))
    )[0]!.n;
  const threadsOfCustomer = async () =>
    (await t.db.select({ n: count() }).from(messagingThreads).where(eq(messagingThreads.customerPersonId, w.customer.id)))[0]!.n;
  const refusal = (answer: MessagingApiAnswer) => {
    expect(answer.status).toBe(400);
    expect(answer.body).not.toHaveProperty('data');
    return (answer.body as { error: { type: string; code?: string; details: string[] } }).error;
  };
  const aliases = (n: number) => `{${Array.from({ length: n }, (_, i) => `a${i}:thread(id:"${w.threadId}"){id}`).join(' ')}}`;

  it('refuses the review’s 800 aliases of thread(id) while parsing: no resolver ran, no access-log row', async () => {
    const query = aliases(800);
    // The review's document (≈ 19 KB) is under the document-length limit: the token limit stops it.
    expect(query.length).toBeLessThan(20_000);
    const before = await threadViews();
    const error = refusal(await run(query));
    expect(error).toMatchObject({ type: 'ValidationError', code: 'GRAPHQL_TOO_MANY_TOKENS', details: [expect.stringContaining('1000 tokens')] });
    expect(await threadViews()).toBe(before);

    // The same resolver does run, and log, for one alias: the counter above would have seen 800.
    expect(await run(aliases(1))).toMatchObject({ status: 200, body: { data: { a0: { id: String(w.threadId) } } } });
    expect(await threadViews()).toBe(before + 1);
  });

  it('refuses too many aliases at validation, before the schema’s own rules and execution', async () => {
    const before = await threadViews();
    // With the token and length limits out of the way, the alias rule alone refuses the 800.
    const raised = { limits: { maxTokens: 100_000, maxDocumentChars: 100_000 } };
    expect(refusal(await run(aliases(800), raised))).toMatchObject({
      code: 'GRAPHQL_TOO_MANY_ALIASES',
      details: [
        'The operation uses 800 aliases; at most 15 are allowed.',
        'The operation selects 1600 fields (each use of a fragment counted); at most 200 are allowed.',
      ],
    });
    expect(refusal(await run(aliases(16)))).toMatchObject({ code: 'GRAPHQL_TOO_MANY_ALIASES' });
    expect(await threadViews()).toBe(before);
    // Aliases hidden in a fragment count too.
    const inFragment = `{ ...F } fragment F on Query { ${Array.from({ length: 16 }, (_, i) => `b${i}: threads { totalCount }`).join(' ')} }`;
    expect(refusal(await run(inFragment))).toMatchObject({ code: 'GRAPHQL_TOO_MANY_ALIASES' });
    // Fifteen are answered.
    const fifteen = await run(aliases(15));
    expect(fifteen.status).toBe(200);
    expect(await threadViews()).toBe(before + 15);
  });

  it('refuses aliased mutations (two sendMessageInNewThread) and stores nothing', async () => {
    const before = await threadsOfCustomer();
    const send = (alias: string) =>
      `${alias}: sendMessageInNewThread(title: "Kopio", type: Customer, participantIds: ["${w.nurse.personId}"], firstMessage: {content: "Sama viesti"})`;
    const twice = refusal(await run(`mutation { ${send('a')} ${send('b')} }`));
    expect(twice).toMatchObject({
      type: 'ValidationError',
      code: 'GRAPHQL_ONE_MUTATION_FIELD',
      details: ['A mutation operation may select one field; this one selects 2.'],
    });
    // Through a fragment and an inline fragment, and two different mutations.
    expect(refusal(await run(`mutation { ...M } fragment M on Mutation { ${send('a')} ${send('b')} }`))).toMatchObject({ code: 'GRAPHQL_ONE_MUTATION_FIELD' });
    expect(refusal(await run(`mutation { ${send('a')} ... on Mutation { ${send('b')} } }`))).toMatchObject({ code: 'GRAPHQL_ONE_MUTATION_FIELD' });
    expect(refusal(await run(`mutation { markAsRead(threadId: "${w.threadId}") ${send('a')} }`))).toMatchObject({ code: 'GRAPHQL_ONE_MUTATION_FIELD' });
    expect(await threadsOfCustomer()).toBe(before);
    expect((await t.db.select().from(messagingMessages).where(eq(messagingMessages.content, 'Sama viesti'))).length).toBe(0);
    // One mutation field is fine.
    expect(await run(`mutation { ${send('only')} }`)).toMatchObject({ status: 200, body: { data: { only: [expect.stringMatching(/^\/fi\/viestit\/\d+$/)] } } });
    expect(await threadsOfCustomer()).toBe(before + 1);
  });

  it('refuses a document nested deeper than the limit before checking it against the schema', async () => {
    // The schema's deepest real selection (6) is answered.
    const deepest = '{ threads { paginatedThreads { messages { paginatedMessages { author { id } } } } } }';
    expect((await run(deepest)).status).toBe(200);
    const nested = (depth: number) => `${'{ f '.repeat(depth - 1)}{ leaf }${' }'.repeat(depth - 1)}`;
    const error = refusal(await run(`{ threads ${nested(9)} }`));
    expect(error).toMatchObject({ code: 'GRAPHQL_TOO_DEEP', details: ['The operation is nested 10 levels deep; at most 8 are allowed.'] });
    // Depth through fragments counts as well.
    const viaFragments = `{ threads { ...A } } fragment A on PaginatedThreads { paginatedThreads { messages { paginatedMessages { ...B } } } } fragment B on Message { author { x { y { z { w } } } } }`;
    expect(refusal(await run(viaFragments))).toMatchObject({ code: 'GRAPHQL_TOO_DEEP' });
  });

  it('refuses a huge document before parsing it, and one with too many tokens while parsing', async () => {
    const huge = `{ threads { totalCount } } # ${'x'.repeat(20_000)}`;
    expect(refusal(await run(huge))).toMatchObject({ code: 'GRAPHQL_DOCUMENT_TOO_LARGE', details: [expect.stringContaining('20000 characters')] });
    const manyTokens = `{ threads { ${'totalCount '.repeat(1000)} } }`;
    expect(refusal(await run(manyTokens))).toMatchObject({ code: 'GRAPHQL_TOO_MANY_TOKENS' });
    // A syntax error is still a plain validation error, without a limit code.
    const syntax = refusal(await run('{ threads { '));
    expect(syntax.type).toBe('ValidationError');
    expect(syntax.code).toBeUndefined();
  });

  it('counts fields with every use of a fragment, without expanding it: a doubling fragment chain is refused', async () => {
    const many = `{ threads { paginatedThreads { ${'id title '.repeat(101)} } } }`;
    expect(refusal(await run(many))).toMatchObject({
      code: 'GRAPHQL_TOO_MANY_FIELDS',
      details: ['The operation selects 204 fields (each use of a fragment counted); at most 200 are allowed.'],
    });
    // F0 has 1 field, F(n) uses F(n-1) twice under two fields: 2^40 fields if expanded.
    const chain = Array.from({ length: 40 }, (_, i) => `fragment F${i + 1} on Thread { messages { paginatedMessages { id } } ...F${i} ...F${i} }`).join(' ');
    const bomb = `{ threads { paginatedThreads { ...F40 } } } fragment F0 on Thread { id } ${chain}`;
    const before = await threadViews();
    const error = refusal(await run(bomb));
    expect(error.code).toBe('GRAPHQL_TOO_MANY_FIELDS');
    expect(await threadViews()).toBe(before);
  });

  it('hides field suggestions when introspection is off, and lets the standard introspection query through outside production', async () => {
    const hidden = refusal(await run('{ thread(id: "1") { titel } }'));
    expect(hidden.details.join(' ')).not.toMatch(/Did you mean/);
    const shown = refusal(await run('{ thread(id: "1") { titel } }', { introspection: true }));
    expect(shown.details.join(' ')).toMatch(/Did you mean "title"\?/);
    expect(await run(getIntrospectionQuery(), { introspection: true })).toMatchObject({
      status: 200,
      body: { data: { __schema: { queryType: { name: 'Query' } } } },
    });
    expect((await run(getIntrospectionQuery())).status).toBe(400);
  });
});
