/**
 * Acting for a client company on a Suomi.fi YPA mandate (issue 42 part 3, ADR 0050), on each
 * database, with the real Web API client against the built-in test service over HTTP: a person
 * with no `hr_users` row who picks the company (business id of an occupational contract, role
 * `hr`) is the company's HR user for that login session only — they list, open and write the
 * company's HR threads, staff see the company on the thread and the access log names it; the
 * session lookup carries the mandate for the per-request re-check, which fails once the mandate
 * is withdrawn. No mandate, a mandate for a company that is not a client, one without the HR role
 * and a withdrawn one give nothing.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addCareTeam, createHrUser, createOccupationalContract, createPerson, createProfessional, localized } from '~db/factories';
import { accessLog, companyMandates, testEauthMandates } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import { createSession, lookupSessionContext } from '~/services/auth/session.server';
import { findThreadFor, hrUserOf } from '~/services/messaging/access.server';
import { listHrThreads, openHrThread, sendHrMessage, startHrThread, type HrUser } from '~/services/messaging/hr.server';
import { openStaffThread } from '~/services/messaging/staff.server';
import {
  beginCompanyMandate,
  companyMandateStillValid,
  completeCompanyMandate,
  stopCompanyMandate,
} from '~/services/people/e-authorizations/company-mandate.server';
import { clock } from '../../fixtures/clock';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { withTestEAuthorizations } from '../../fixtures/e-authorizations';

let individual = 800;
const code = (birthDate = '1978-03-03') => makeIdentityCode(birthDate, (individual += 2));
const RETURN = 'http://portal.test/company-mandate/return';
const BUSINESS_ID = '7654321-2';
const OTHER_BUSINESS_ID = '1112223-4';
const UNKNOWN_BUSINESS_ID = '9998887-6';

describe.each(databaseKinds())('acting for a company on a YPA mandate on %s', (kind) => {
  const t = withTestDatabase(kind);
  const service = withTestEAuthorizations(t);
  const adapter = () => service.client();
  let world: Awaited<ReturnType<typeof makeWorld>>;

  async function makeWorld() {
    const contract = await createOccupationalContract(t.db, { employerName: 'Valtuus Rakennus Oy', businessId: BUSINESS_ID });
    const other = await createOccupationalContract(t.db, { employerName: 'Toinen Oy', businessId: OTHER_BUSINESS_ID });
    const nurse = await createProfessional(t.db, {
      identityCode: code('1970-01-01'),
      firstName: 'Hoitaja',
      lastName: 'Tiimi',
      title: localized('Hoitaja', 'Skötare', 'Nurse'),
      professionalType: 'Nurse',
    });
    await addCareTeam(t.db, contract.id, [nurse.personId]);
    await addCareTeam(t.db, other.id, [nurse.personId]);
    // A colleague bound by the command-line tool: their thread is the company's.
    const cliRow = await createHrUser(t.db, {
      identityCode: code(),
      firstName: 'Kaisa',
      lastName: 'Komento',
      contractId: contract.id,
      title: 'HR',
      emailAddress: 'kaisa@example.fi',
    });
    const colleague = (await hrUserOf(t.db, cliRow.personId)) as HrUser;
    const started = await startHrThread(t.db, { hr: colleague, threadType: 'Hr', title: 'Työpaikkaselvitys', text: 'Sovitaanko aika?' });
    if (!('ok' in started) || !started.ok) throw new Error('thread');
    const otherHr = (await hrUserOf(
      t.db,
      (await createHrUser(t.db, { identityCode: code(), firstName: 'Muu', lastName: 'HR', contractId: other.id, title: 'HR', emailAddress: 'muu@example.fi' }))
        .personId,
    )) as HrUser;
    const otherStarted = await startHrThread(t.db, { hr: otherHr, threadType: 'Hr', title: 'Toisen asia', text: 'Ei teille.' });
    if (!('ok' in otherStarted) || !otherStarted.ok) throw new Error('thread');
    return { contract, other, nurse, threadId: started.threadId, otherThreadId: otherStarted.threadId };
  }

  beforeAll(async () => {
    world = await makeWorld();
  });

  async function hrPerson(firstName: string) {
    const person = await createPerson(t.db, { identityCode: code(), firstName, lastName: 'Valtuutettu', email: `${firstName.toLowerCase()}@example.fi` });
    const { row, token } = await createSession(t.db, { personId: person.id, identityProvider: 'test' });
    return { person, sessionIdHash: row.idHash, token };
  }

  const mandate = (delegate: string, businessId: string, roles = ['hr'], revoked = false) =>
    service.grant({ kind: 'ypa', delegate, principalId: businessId, name: 'Yritys', roles, revoked });

  /** Start, choose the company on the test service's page (if offered), return. */
  async function represent(who: { person: { id: string; identityCode: string }; sessionIdHash: string }, businessId: string) {
    const begun = await beginCompanyMandate(t.db, adapter(), { sessionIdHash: who.sessionIdHash, person: who.person, redirectUri: RETURN, language: 'fi' });
    if (!begun.ok) throw new Error(begun.error);
    const selected = await service.choose(begun.url, businessId);
    return completeCompanyMandate(t.db, adapter(), {
      sessionIdHash: who.sessionIdHash,
      personId: who.person.id,
      code: selected,
      redirectUri: RETURN,
      brand: 'general',
    });
  }

  it('makes the person the company’s HR user for this session: its threads, staff see the company, the log names it; a withdrawal ends it', async () => {
    const helena = await hrPerson('Helena');
    const granted = await mandate(helena.person.identityCode, BUSINESS_ID);
    expect(await hrUserOf(t.db, helena.person.id, helena.sessionIdHash)).toBeNull();

    expect(await represent(helena, BUSINESS_ID)).toEqual({ ok: true, chosen: { contractId: world.contract.id, name: 'Valtuus Rakennus Oy' } });
    const hr = (await hrUserOf(t.db, helena.person.id, helena.sessionIdHash)) as HrUser;
    expect(hr).toMatchObject({ contractId: world.contract.id, companyName: 'Valtuus Rakennus Oy', onMandate: true });
    // Another login session of the same person is not on the mandate.
    const { row: elsewhere } = await createSession(t.db, { personId: helena.person.id, identityProvider: 'test' });
    expect(await hrUserOf(t.db, helena.person.id, elsewhere.idHash)).toBeNull();

    // The company's threads, its colleague's too; another company's stays not found.
    const list = await listHrThreads(t.db, hr, 1, 'fi');
    expect(list.items.map((i) => i.id)).toEqual([world.threadId]);
    expect(await openHrThread(t.db, hr, world.otherThreadId, 'fi')).toBeNull();
    const sent = await sendHrMessage(t.db, { hr, threadId: world.threadId, text: 'Käy meille.' });
    expect(sent).toMatchObject({ ok: true });
    const view = await openHrThread(t.db, hr, world.threadId, 'fi');
    expect(view?.timeline.filter((i) => i.kind === 'message')).toHaveLength(2);

    // Staff see the company of the thread; the access log names the company the person represents.
    const staff = await openStaffThread(t.db, world.nurse.personId, world.threadId, 'fi');
    expect(staff?.view.companyName).toBe('Valtuus Rakennus Oy');
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorPersonId, helena.person.id), eq(accessLog.resource, 'company:mandate')));
    expect(logged).toEqual([expect.objectContaining({ resourceId: world.contract.id, actorKind: 'mandate', action: 'create' })]);

    // The session lookup carries it for the per-request re-check, which passes while in force...
    const lookup = await lookupSessionContext(t.db, helena.token);
    if (lookup.status !== 'active' || !lookup.companyMandate) throw new Error('no company mandate on the session');
    const { companyName, ...recheck } = lookup.companyMandate;
    expect(companyName).toBe('Valtuus Rakennus Oy');
    expect(recheck.contractId).toBe(world.contract.id);
    expect(await companyMandateStillValid(t.db, adapter(), recheck)).toBe(true);
    // ...and fails once the mandate is withdrawn: the middleware then ends it, and nothing is left.
    await t.db.update(testEauthMandates).set({ revokedAt: clock.now() }).where(eq(testEauthMandates.id, granted.id));
    expect(await companyMandateStillValid(t.db, adapter(), recheck)).toBe(false);
    await stopCompanyMandate(t.db, helena.sessionIdHash);
    expect(await hrUserOf(t.db, helena.person.id, helena.sessionIdHash)).toBeNull();
    expect(await findThreadFor(t.db, { kind: 'hr', personId: helena.person.id, sessionIdHash: helena.sessionIdHash }, world.threadId)).toBeNull();
  });

  it('gives nothing without a mandate, for a company that is not a client, without the HR role, or when withdrawn', async () => {
    const cases: Array<[string, (identityCode: string) => Promise<unknown>, string, string]> = [
      ['Ilman', async () => undefined, BUSINESS_ID, 'cancelled'],
      ['Vieras', (c) => mandate(c, UNKNOWN_BUSINESS_ID), UNKNOWN_BUSINESS_ID, 'unknownCompany'],
      ['Rooliton', (c) => mandate(c, BUSINESS_ID, ['signing']), BUSINESS_ID, 'noRole'],
      ['Peruttu', (c) => mandate(c, BUSINESS_ID, ['hr'], true), BUSINESS_ID, 'cancelled'],
    ];
    for (const [name, grant, businessId, error] of cases) {
      const who = await hrPerson(name);
      await grant(who.person.identityCode);
      expect(await represent(who, businessId), name).toEqual({ ok: false, error });
      expect(await t.db.select().from(companyMandates).where(eq(companyMandates.sessionIdHash, who.sessionIdHash)), name).toHaveLength(0);
      expect(await hrUserOf(t.db, who.person.id, who.sessionIdHash), name).toBeNull();
      expect(await findThreadFor(t.db, { kind: 'hr', personId: who.person.id, sessionIdHash: who.sessionIdHash }, world.threadId), name).toBeNull();
    }
  });
});
