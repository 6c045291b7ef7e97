/**
 * The practice system's protocol (ADR 0051) over HTTP against the local FHIR server (medplum's
 * router on loopback): SMART Backend Services authorisation (the assertion checked, a replay or a
 * foreign key refused, the token cached and renewed), the Slot version guard in one transaction
 * (concurrent bookings of one slot leave exactly one Appointment and nothing half done), the
 * type history with deletions, and the client's mapped failures (down, slow, refused).
 */
import { generateKeyPairSync } from 'node:crypto';
import type { Appointment, Location, Slot } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFhirClient, PracticeSystemError, type FhirClient } from '~/services/practice-system/fhir-client';
import { startLocalFhirServer, type LocalFhirServer } from '~/services/practice-system/local-fhir-server';
import { CLIENT_ASSERTION_TYPE, clientAssertion } from '~/services/practice-system/smart-auth';
import { clock } from '../../fixtures/clock';

const keys = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
const foreign = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });

let server: LocalFhirServer;
const clientOf = (options: { key?: typeof keys.privateKey; timeoutMs?: number } = {}): FhirClient =>
  createFhirClient({
    baseUrl: server.baseUrl,
    tokenUrl: server.tokenUrl,
    clientId: 'portal',
    key: options.key ?? keys.privateKey,
    timeoutMs: options.timeoutMs ?? 5000,
  });

beforeAll(async () => {
  server = await startLocalFhirServer({ clients: new Map([['portal', keys.publicKey]]) });
});
afterAll(async () => {
  await server.close();
});

async function errorOf(promise: Promise<unknown>): Promise<PracticeSystemError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PracticeSystemError);
  return error as PracticeSystemError;
}

const freeSlot = (client: FhirClient) =>
  client.create<Slot>({
    resourceType: 'Slot',
    status: 'free',
    schedule: { reference: 'Schedule/s1' },
    start: '2027-02-01T08:00:00Z',
    end: '2027-02-01T08:30:00Z',
  });

function bookingEntries(slot: Slot, patient: string) {
  return [
    {
      fullUrl: `urn:uuid:${crypto.randomUUID()}`,
      resource: {
        resourceType: 'Appointment',
        status: 'booked',
        start: slot.start,
        end: slot.end,
        slot: [{ reference: `Slot/${slot.id}` }],
        participant: [{ status: 'accepted', actor: { display: patient } }],
      } as Appointment,
      request: { method: 'POST' as const, url: 'Appointment' },
    },
    { resource: { ...slot, status: 'busy' as const }, request: { method: 'PUT' as const, url: `Slot/${slot.id}`, ifMatch: `W/"${slot.meta!.versionId}"` } },
  ];
}

describe('SMART Backend Services at the local FHIR server', () => {
  it('refuses FHIR calls without a token and a client whose assertion another key signed', async () => {
    const bare = await fetch(`${server.baseUrl}/Slot`);
    expect(bare.status).toBe(401);
    const error = await errorOf(clientOf({ key: foreign.privateKey }).bundle('Slot'));
    expect(error.kind).toBe('unauthorized');
  });

  it('refuses a replayed assertion and one made for another audience', async () => {
    const post = (assertion: string) =>
      fetch(server.tokenUrl, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_assertion_type: CLIENT_ASSERTION_TYPE, client_assertion: assertion }),
      });
    const wall = clock.toWall(clock.now());
    const assertion = clientAssertion({ clientId: 'portal', tokenUrl: server.tokenUrl, key: keys.privateKey, now: wall });
    expect((await post(assertion)).status).toBe(200);
    const replay = await post(assertion);
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({ error_description: 'replayed' });
    const elsewhere = await post(clientAssertion({ clientId: 'portal', tokenUrl: 'https://elsewhere.example/token', key: keys.privateKey, now: wall }));
    expect(await elsewhere.json()).toMatchObject({ error_description: 'audience' });
  });

  it('caches the token across calls and renews one near its end', async () => {
    const client = clientOf();
    await client.bundle('Slot');
    await client.bundle('Slot');
    await client.bundle('Location');
    expect(client.tokensFetched()).toBe(1);

    // A token that lives less than the renewal margin is fetched again for each call.
    const shortLived = await startLocalFhirServer({ clients: new Map([['portal', keys.publicKey]]), tokenSeconds: 30 });
    try {
      const renewing = createFhirClient({
        baseUrl: shortLived.baseUrl,
        tokenUrl: shortLived.tokenUrl,
        clientId: 'portal',
        key: keys.privateKey,
        timeoutMs: 5000,
      });
      await renewing.bundle('Slot');
      await renewing.bundle('Slot');
      expect(renewing.tokensFetched()).toBe(2);
      expect(shortLived.tokensIssued()).toBe(2);
    } finally {
      await shortLived.close();
    }
  });
});

describe('the Slot version guard', () => {
  it('lets exactly one of 20 concurrent bookings of one slot through, the others conflict with nothing left behind', async () => {
    const client = clientOf();
    const slot = await freeSlot(client);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        client.transaction(bookingEntries(slot, `p${n}`)).then(
          () => 'booked',
          (e: unknown) => (e instanceof PracticeSystemError ? (e.kind === 'conflict' ? e.kind : e.message) : 'other'),
        ),
      ),
    );
    expect(results.filter((r) => r !== 'conflict')).toEqual(['booked']);
    expect(results.filter((r) => r === 'conflict')).toHaveLength(19);
    const booked = await client.bundle<Appointment>(`Appointment?slot=Slot/${slot.id}`);
    expect(booked.entry).toHaveLength(1);
    expect((await client.read<Slot>(`Slot/${slot.id}`)).status).toBe('busy');
  });
});

describe('a transaction runs all or nothing', () => {
  it('a failed entry leaves the updates, deletions and creations before it undone, with their history', async () => {
    const client = clientOf();
    const kept = await client.create<Location>({ resourceType: 'Location', name: 'Kept', status: 'active' });
    const deleted = await client.create<Location>({ resourceType: 'Location', name: 'Deleted', status: 'active' });
    const slot = await freeSlot(client);
    await client.update({ ...slot, id: slot.id!, comment: 'changed by the clinic' });
    const since = kept.meta!.lastUpdated!;
    const historyBefore = await client.bundle(`Location/_history?_since=${encodeURIComponent(since)}`);

    const error = await errorOf(
      client.transaction([
        { resource: { ...kept, name: 'Renamed' }, request: { method: 'PUT', url: `Location/${kept.id}` } },
        { request: { method: 'DELETE', url: `Location/${deleted.id}` } },
        {
          fullUrl: `urn:uuid:${crypto.randomUUID()}`,
          resource: { resourceType: 'Location', name: 'New', status: 'active' },
          request: { method: 'POST', url: 'Location' },
        },
        // The slot's version before the clinic's change: the whole transaction fails.
        ...bookingEntries(slot, 'late'),
      ]),
    );
    expect(error.kind).toBe('conflict');

    const after = await client.read<Location>(`Location/${kept.id}`);
    expect(after.name).toBe('Kept');
    expect(after.meta?.versionId).toBe(kept.meta?.versionId);
    expect((await client.read<Location>(`Location/${deleted.id}`)).name).toBe('Deleted');
    expect((await client.bundle<Location>('Location?name=New')).entry ?? []).toHaveLength(0);
    expect((await client.read<Slot>(`Slot/${slot.id}`)).status).toBe('free');
    expect((await client.bundle<Appointment>(`Appointment?slot=Slot/${slot.id}`)).entry ?? []).toHaveLength(0);
    expect((await client.bundle(`Location/_history?_since=${encodeURIComponent(since)}`)).entry).toEqual(historyBefore.entry);
    // A version read of the renamed resource's history finds only the kept one.
    const versions = await client.bundle<Location>(`Location/${kept.id}/_history`);
    expect(versions.entry?.map((e) => e.resource?.name)).toEqual(['Kept']);
  });
});

describe('the type history', () => {
  it('lists creations, updates and deletions since an instant, oldest first, in pages', async () => {
    const client = clientOf();
    const first = await client.create<Location>({ resourceType: 'Location', name: 'A', status: 'active' });
    const since = first.meta!.lastUpdated!;
    await client.update({ ...first, id: first.id!, name: 'A2' });
    const second = await client.create<Location>({ resourceType: 'Location', name: 'B', status: 'active' });
    await client.remove(`Location/${first.id}`);
    const page1 = await client.bundle(`Location/_history?_since=${encodeURIComponent(since)}&_count=2`);
    const next = page1.link?.find((l) => l.relation === 'next')?.url;
    expect(next).toBeDefined();
    const page2 = await client.bundle(next!);
    const entries = [...page1.entry!, ...page2.entry!].map((e) => [e.request?.method, e.request?.url, (e.resource as { name?: string } | undefined)?.name]);
    expect(entries).toEqual([
      ['PUT', `Location/${first.id}`, 'A'],
      ['PUT', `Location/${first.id}`, 'A2'],
      ['PUT', `Location/${second.id}`, 'B'],
      ['DELETE', `Location/${first.id}`, undefined],
    ]);
  });
});

describe('failures are mapped', () => {
  it('a stopped server is unavailable, a slow one times out, a refused resource is rejected', async () => {
    const client = clientOf({ timeoutMs: 300 });
    await client.bundle('Slot');
    server.setDelay(1000);
    expect((await errorOf(client.bundle('Slot'))).kind).toBe('timeout');
    server.setDelay(0);
    expect((await errorOf(client.create({ resourceType: 'Slot' } as Slot))).kind).toBe('rejected');
    await server.stop();
    try {
      expect((await errorOf(client.bundle('Slot'))).kind).toBe('unavailable');
    } finally {
      await server.resume();
    }
    await client.bundle('Slot');
  });
});
