/**
 * The population register (ADR 0023) on a real database and against a local fake VTJ/X-Road
 * server: the refresh mirrors the register into `guardianships` in one transaction (unknown wards
 * become persons, not patients; removed guardianships go; a silent register changes nothing),
 * the guardian registers the child and gives the consent for them, the child's appointment is
 * the guardian's and (12 and older) the child's to see, and the VTJ client's request, answer
 * parsing, timeout and error mapping.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, addRegisterFamily, createClinic, createPerson, createPractitioner, createSlot, createSpecialty } from '~db/factories';
import { accessLog, guardianships, patientDataConsents, persons, registrations } from '~db/schema';
import { CLINICS, SPECIALTIES } from '~db/seed-data';
import { makeIdentityCode } from '~/models/identity-code';
import { listAppointments } from '~/services/appointments/appointments.server';
import { guardianFacts } from '~/services/booking/guardian-facts.server';
import { reserveForWard } from '~/services/booking/reservation.server';
import type { ReservationContext } from '~/services/booking/reservation/types';
import { createBuiltinRegister } from '~/services/people/population-register/builtin.server';
import { PopulationRegisterError, type PopulationRegister } from '~/services/people/population-register/population-register';
import { refreshGuardianships } from '~/services/people/population-register/population-register.server';
import { createVtjRegister, parseXRoadId, type VtjConfig } from '~/services/people/population-register/vtj-client.server';
import { giveConsent, registerWard } from '~/services/account/registration.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';

const NOW = new Date('2026-11-23T08:00:00.000Z');
let individual = 300;
const code = (birthDate: string) => {
  individual += 2;
  return makeIdentityCode(birthDate, individual);
};

describe.each(databaseKinds())('guardianships mirror the population register on %s', (kind) => {
  const t = withTestDatabase(kind);

  async function guardianWithFamily() {
    const guardian = await createPerson(t.db, { identityCode: code('1984-03-03'), firstName: 'Huoltaja', lastName: 'Rekisteri' });
    const known = await createPerson(t.db, { identityCode: code('2018-05-05'), firstName: 'Tunnettu', lastName: 'Rekisteri', isPatient: false });
    const unknownCode = code('2020-07-07');
    const stale = await createPerson(t.db, { identityCode: code('2017-01-01'), firstName: 'Entinen', lastName: 'Huollettava' });
    await addGuardianship(t.db, guardian.id, stale.id, 'parent');
    await addRegisterFamily(t.db, { identityCode: guardian.identityCode, firstName: 'Huoltaja', lastName: 'Rekisteri' }, [
      { identityCode: known.identityCode, firstName: 'Tunnettu', lastName: 'Rekisteri', type: 'parent' },
      {
        identityCode: unknownCode,
        firstName: 'Uusi',
        lastName: 'Rekisteri',
        streetAddress: 'Rekisterikatu 1',
        postalCode: '00100',
        postOffice: 'Helsinki',
        type: 'trustee',
      },
    ]);
    return { guardian, known, unknownCode, stale };
  }

  it('creates unknown wards as persons, mirrors the links with their types, deletes removed ones, logs the change', async () => {
    const { guardian, known, unknownCode, stale } = await guardianWithFamily();
    const result = await refreshGuardianships(t.db, guardian, createBuiltinRegister(t.db));
    expect(result).toEqual({ type: 'refreshed', wards: 2, added: 2, removed: 1 });
    const [created] = await t.db.select().from(persons).where(eq(persons.identityCode, unknownCode));
    expect(created).toMatchObject({ firstName: 'Uusi', isPatient: false, birthDate: '2020-07-07', streetAddress: 'Rekisterikatu 1', postalCode: '00100' });
    const links = await t.db
      .select({ wardId: guardianships.wardId, type: guardianships.type })
      .from(guardianships)
      .where(eq(guardianships.guardianId, guardian.id));
    expect(links.sort((a, b) => a.wardId.localeCompare(b.wardId))).toEqual(
      [
        { wardId: known.id, type: 'parent' },
        { wardId: created!.id, type: 'trustee' },
      ].sort((a, b) => a.wardId.localeCompare(b.wardId)),
    );
    expect(links.some((l) => l.wardId === stale.id)).toBe(false);
    // The former ward stays a person (their own data is not the register's to delete).
    expect(await t.db.select({ id: persons.id }).from(persons).where(eq(persons.id, stale.id))).toHaveLength(1);
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorPersonId, guardian.id), eq(accessLog.resource, 'person:guardianships')));
    expect(logged).toHaveLength(1);
    // Again: nothing to add or remove.
    expect(await refreshGuardianships(t.db, guardian, createBuiltinRegister(t.db))).toEqual({ type: 'refreshed', wards: 2, added: 0, removed: 0 });
  });

  it('a person the register knows no wards of has none; a silent register changes nothing', async () => {
    const { guardian, stale } = await guardianWithFamily();
    const down: PopulationRegister = {
      kind: 'vtj',
      wardsOf: async () => {
        throw new PopulationRegisterError('timeout', 'no answer in time');
      },
    };
    expect(await refreshGuardianships(t.db, guardian, down)).toEqual({ type: 'unavailable', code: 'timeout' });
    expect(await t.db.select().from(guardianships).where(eq(guardianships.guardianId, guardian.id))).toEqual([expect.objectContaining({ wardId: stale.id })]);
    const nobody = await createPerson(t.db, { identityCode: code('1990-09-09'), firstName: 'Ei', lastName: 'Lapsia' });
    await addGuardianship(t.db, nobody.id, stale.id);
    expect(await refreshGuardianships(t.db, nobody, createBuiltinRegister(t.db))).toMatchObject({ wards: 0, removed: 1 });
  });
});

describe.each(databaseKinds())('the child registration and the child appointment on %s', (kind) => {
  const t = withTestDatabase(kind);
  const ctx: ReservationContext = {
    lang: 'fi',
    origin: 'https://portal.test',
    brand: 'children',
    inApp: false,
    now: NOW,
    settings: { maxFutureReservations: 5, bindingConsentHours: 24, cancellationLimitHours: 24 },
    payer: 'self',
  };
  const details = {
    firstName: 'Otso',
    lastName: 'Lapsi',
    streetAddress: 'Lapsentie 5',
    zipCode: '00100',
    postOffice: 'Helsinki',
    phoneNumber: '+358401231234',
    emailAddress: 'huoltaja@example.fi',
  };

  beforeAll(async () => {
    await createClinic(t.db, { ...CLINICS.find((c) => c.id === 'KA')!, isRemote: false });
    await createSpecialty(
      t.db,
      SPECIALTIES.find((s) => s.id === 'YLE')!,
    );
    const title = { fi: 'Lääkäri', sv: 'Läkare', en: 'Doctor' };
    await createPractitioner(t.db, { id: 'P0001', firstName: 'A', lastName: 'B', title, specialtyIds: ['YLE'], clinicIds: ['KA'] });
  });

  it('the guardian registers the child, gives the consent for them, books, and both see the appointment', async () => {
    const guardian = await createPerson(t.db, { identityCode: code('1983-02-02'), firstName: 'Huoltaja', lastName: 'Lapsi', patientDataConsentUpdatedAt: NOW });
    // 11 today (12 on 1 December): the guardian books; from 12 on the child logs in themself.
    const ward = await createPerson(t.db, { identityCode: code('2014-12-01'), firstName: 'Otso', lastName: 'Lapsi', isPatient: false });
    await addGuardianship(t.db, guardian.id, ward.id);
    const someoneElse = await createPerson(t.db, { identityCode: code('1983-03-03'), firstName: 'Muu', lastName: 'Aikuinen' });
    expect((await guardianFacts(t.db, guardian.id, ward.id, NOW)).chosen).toBe('notRegistered');

    expect(await registerWard(t.db, { person: someoneElse }, ward.id, details, { lang: 'sv', inApp: false, now: NOW })).toEqual({ type: 'notWard' });
    expect((await registerWard(t.db, { person: guardian }, ward.id, { ...details, zipCode: '123' }, { lang: 'sv', inApp: false, now: NOW })).type).toBe(
      'validation',
    );
    expect(await registerWard(t.db, { person: guardian }, ward.id, details, { lang: 'sv', inApp: false, now: NOW })).toEqual({ type: 'success' });
    expect(await registerWard(t.db, { person: guardian }, ward.id, details, { lang: 'sv', inApp: false, now: NOW })).toEqual({ type: 'alreadyPatient' });
    const [registered] = await t.db.select().from(persons).where(eq(persons.id, ward.id));
    expect(registered).toMatchObject({
      isPatient: true,
      streetAddress: 'Lapsentie 5',
      phone: '+358401231234',
      language: 'sv',
      patientDataConsentUpdatedAt: null,
    });
    expect(await t.db.select({ by: registrations.registeredById }).from(registrations).where(eq(registrations.personId, ward.id))).toEqual([
      { by: guardian.id },
    ]);
    expect((await guardianFacts(t.db, guardian.id, ward.id, NOW)).chosen).toBe('noConsent');

    const consent = { readConfirmation: true, allowsCommonRegistry: true, allowsBookingSms: true };
    expect(await giveConsent(t.db, { person: guardian }, consent, { brand: 'children', now: NOW, ward: registered! })).toEqual({ type: 'success' });
    const [given] = await t.db.select().from(patientDataConsents).where(eq(patientDataConsents.personId, ward.id));
    expect(given).toMatchObject({ givenById: guardian.id, allowsCommonRegistry: true, allowsBookingSms: true });
    expect((await guardianFacts(t.db, guardian.id, ward.id, NOW)).chosen).toBe('ok');
    const logged = await t.db
      .select()
      .from(accessLog)
      .where(and(eq(accessLog.actorPersonId, guardian.id), eq(accessLog.subjectPersonId, ward.id)));
    expect(logged.map((l) => l.resource).sort()).toEqual(['person:patient-data-consent', 'person:registration']);

    const slot = await createSlot(t.db, {
      clinicId: 'KA',
      practitionerId: 'P0001',
      specialtyId: 'YLE',
      startAt: new Date(NOW.getTime() + 3 * 86_400_000),
      payerTypes: ['self'],
    });
    const booked = await reserveForWard(
      t.db,
      { person: guardian },
      ward.id,
      { slotId: slot.id, phone: '+358401231234', emailAddress: 'huoltaja@example.fi' },
      ctx,
    );
    expect(booked.type).toBe('success');
    // The guardian sees it under the child's name…
    const guardianView = await listAppointments(t.db, { personId: guardian.id, youngWardIds: [ward.id], olderWardIds: [] }, 'fi', NOW);
    expect(guardianView.upcoming.map((a) => a.patientName)).toEqual(['Otso Lapsi']);
    // …and the child, 12 by then and logged in themself, sees the appointment their guardian booked.
    const later = new Date('2026-12-02T08:00:00.000Z');
    const childView = await listAppointments(t.db, { personId: ward.id, youngWardIds: [], olderWardIds: [] }, 'fi', later);
    expect([...childView.upcoming, ...childView.past].map((a) => ({ id: a.id, patientName: a.patientName }))).toEqual([
      { id: guardianView.upcoming[0]!.id, patientName: null },
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// The VTJ client against a local fake security server

interface Seen {
  method: string;
  contentType: string | undefined;
  body: string;
}

function fakeSecurityServer(answer: (body: string) => { status: number; body: string; delayMs?: number }) {
  const seen: Seen[] = [];
  let server: Server;
  let url = '';
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => resolve(body));
    });
  return {
    seen,
    url: () => url,
    async start() {
      server = createServer(async (req, res) => {
        const body = await read(req);
        seen.push({ method: req.method ?? '', contentType: req.headers['content-type'], body });
        const reply = answer(body);
        setTimeout(() => {
          res.writeHead(reply.status, { 'Content-Type': 'text/xml; charset=utf-8' });
          res.end(reply.body);
        }, reply.delayMs ?? 0);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    },
    stop: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const envelope = (inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><SOAP-ENV:Envelope xmlns:SOAP-ENV="http://schemas.xmlsoap.org/soap/envelope/"><SOAP-ENV:Body>${inner}</SOAP-ENV:Body></SOAP-ENV:Envelope>`;
const vtjAnswer = (returnCode: string, wards = '') =>
  envelope(
    `<ns2:HenkilonTunnusKyselyResponse xmlns:ns2="http://xml.vrk.fi/ws/vtj/vtjkysely/1"><ns2:HenkilonTunnusKyselyResult>` +
      `<VTJHenkiloVastaussanoma xmlns="http://xml.vrk.fi/schema/vtjkysely" versio="1.0" sanomatunnus="PERUSJHHS2">` +
      `<Paluukoodi koodi="${returnCode}">Haku onnistui</Paluukoodi><Henkilo>${wards}</Henkilo>` +
      `</VTJHenkiloVastaussanoma></ns2:HenkilonTunnusKyselyResult></ns2:HenkilonTunnusKyselyResponse>`,
  );

const CHILD_A = makeIdentityCode('2019-04-12', 234);
const CHILD_B = makeIdentityCode('2016-10-30', 456);
const WARDS_XML =
  `<Huollettava><Henkilotunnus>${CHILD_A}</Henkilotunnus><NykyisetEtunimet><Etunimet>Aapo Ilmari</Etunimet></NykyisetEtunimet>` +
  `<NykyinenSukunimi><Sukunimi>Vänskä</Sukunimi></NykyinenSukunimi><Huoltajanlaji koodi="1"/>` +
  `<VakinainenKotimainenLahiosoite><LahiosoiteS>Koulutie 2 &amp; B</LahiosoiteS><Postinumero>33100</Postinumero><PostitoimipaikkaS>TAMPERE</PostitoimipaikkaS></VakinainenKotimainenLahiosoite></Huollettava>` +
  `<Huollettava><Henkilotunnus>${CHILD_B}</Henkilotunnus><Etunimet>Bea</Etunimet><Sukunimi>Vänskä</Sukunimi><Huoltajanlaji koodi="3"/>` +
  `<Turvakielto koodi="1"/><VakinainenKotimainenLahiosoite><LahiosoiteS>Salainen 1</LahiosoiteS><Postinumero>00100</Postinumero><PostitoimipaikkaS>HELSINKI</PostitoimipaikkaS></VakinainenKotimainenLahiosoite></Huollettava>` +
  `<Huollettava><Henkilotunnus>not-a-code</Henkilotunnus><Etunimet>X</Etunimet><Sukunimi>Y</Sukunimi></Huollettava>`;

describe('VTJ client (X-Road) against a fake security server', () => {
  let reply: (body: string) => { status: number; body: string; delayMs?: number } = () => ({ status: 200, body: vtjAnswer('0000', WARDS_XML) });
  const server = fakeSecurityServer((body) => reply(body));
  // A timeout far beyond any answer of this server, even on a loaded machine (300 ms failed
  // answered calls of other fakes on CI's two cores); the timeout case has one of its own.
  const config = (timeoutMs = 10_000): VtjConfig => ({
    url: server.url(),
    client: parseXRoadId('FI-TEST/COM/1234567-8/portal', 'client'),
    service: parseXRoadId('FI-TEST/GOV/0245437-2/VTJkysely/HenkilonTunnusKysely/v1', 'service'),
    username: 'portal-user',
    password: 'p<ss&word',
    productCode: 'Huoltaja-Huollettavat',
    timeoutMs,
  });
  const guardianCode = makeIdentityCode('1980-01-01', 123);
  const query = { identityCode: guardianCode, endUserId: '6f1c2a8e-0000-4000-8000-000000000001' };

  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('sends the X-Road headers and the VTJ query, and reads the wards', async () => {
    reply = () => ({ status: 200, body: vtjAnswer('0000', WARDS_XML) });
    const wards = await createVtjRegister(config()).wardsOf(query);
    expect(wards).toEqual([
      {
        identityCode: CHILD_A,
        firstName: 'Aapo Ilmari',
        lastName: 'Vänskä',
        birthDate: '2019-04-12',
        guardianType: 'parent',
        address: { streetAddress: 'Koulutie 2 & B', postalCode: '33100', postOffice: 'TAMPERE' },
      },
      // A non-disclosure: no address. The third record has no valid identity code and is left out.
      { identityCode: CHILD_B, firstName: 'Bea', lastName: 'Vänskä', birthDate: '2016-10-30', guardianType: 'trustee', address: null },
    ]);
    const sent = server.seen.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.contentType).toBe('text/xml; charset=utf-8');
    expect(sent.body).toContain(
      '<xrd:client id:objectType="SUBSYSTEM"><id:xRoadInstance>FI-TEST</id:xRoadInstance><id:memberClass>COM</id:memberClass><id:memberCode>1234567-8</id:memberCode><id:subsystemCode>portal</id:subsystemCode></xrd:client>',
    );
    expect(sent.body).toContain('<id:serviceCode>HenkilonTunnusKysely</id:serviceCode><id:serviceVersion>v1</id:serviceVersion>');
    expect(sent.body).toContain('<xrd:protocolVersion>4.0</xrd:protocolVersion>');
    expect(sent.body).toMatch(/<xrd:id>[0-9a-f-]{36}<\/xrd:id>/);
    expect(sent.body).toContain(`<xrd:userId>${query.endUserId}</xrd:userId>`);
    expect(sent.body).toContain('<vtj:SoSoNimi>Huoltaja-Huollettavat</vtj:SoSoNimi>');
    expect(sent.body).toContain('<vtj:Kayttajatunnus>portal-user</vtj:Kayttajatunnus><vtj:Salasana>p&lt;ss&amp;word</vtj:Salasana>');
    expect(sent.body).toContain(`<vtj:Loppukayttaja>${query.endUserId}</vtj:Loppukayttaja>`);
    expect(sent.body).toContain(`<vtj:Henkilotunnus>${guardianCode}</vtj:Henkilotunnus>`);
  });

  it('answers no wards when VTJ has no data for the code', async () => {
    reply = () => ({ status: 200, body: vtjAnswer('0001') });
    expect(await createVtjRegister(config()).wardsOf(query)).toEqual([]);
  });

  it.each([
    [
      'a SOAP fault from the security server',
      () => ({
        status: 500,
        body: envelope('<SOAP-ENV:Fault><faultcode>Server.ServerProxy.ServiceFailed</faultcode><faultstring>x</faultstring></SOAP-ENV:Fault>'),
      }),
      'unavailable',
    ],
    ['an HTTP error', () => ({ status: 503, body: 'busy' }), 'unavailable'],
    ['a VTJ refusal (other return code)', () => ({ status: 200, body: vtjAnswer('0002') }), 'refused'],
    ['an answer that is not XML', () => ({ status: 200, body: '<html><body>proxy login' }), 'protocol'],
    ['an envelope without the answer', () => ({ status: 200, body: envelope('<Other/>') }), 'protocol'],
    ['an entity declaration', () => ({ status: 200, body: '<!DOCTYPE x [<!ENTITY a "b">]><x/>' }), 'protocol'],
    ['no answer in time', () => ({ status: 200, body: vtjAnswer('0000'), delayMs: 5_000 }), 'timeout'],
  ] as const)('maps %s to %s', async (_name, answer, expected) => {
    reply = answer;
    const timeoutMs = expected === 'timeout' ? 300 : undefined;
    const error = await createVtjRegister(config(timeoutMs))
      .wardsOf(query)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PopulationRegisterError);
    expect((error as PopulationRegisterError).code).toBe(expected);
    expect((error as Error).message).not.toContain(guardianCode);
  });

  it('a security server that is not there is unavailable', async () => {
    const error = await createVtjRegister({ ...config(), url: 'http://127.0.0.1:9/' })
      .wardsOf(query)
      .catch((e: unknown) => e);
    expect((error as PopulationRegisterError).code).toBe('unavailable');
  });
});

describe.each(databaseKinds())('refresh through the VTJ client on %s', (kind) => {
  const t = withTestDatabase(kind);
  const server = fakeSecurityServer(() => ({ status: 200, body: vtjAnswer('0000', WARDS_XML) }));
  beforeAll(() => server.start());
  afterAll(() => server.stop());

  it('mirrors the VTJ answer into guardianships', async () => {
    const guardian = await createPerson(t.db, { identityCode: code('1979-11-11'), firstName: 'V', lastName: 'Vänskä' });
    const register = createVtjRegister({
      url: server.url(),
      client: parseXRoadId('FI-TEST/COM/1234567-8/portal', 'client'),
      service: parseXRoadId('FI-TEST/GOV/0245437-2/VTJkysely/HenkilonTunnusKysely/v1', 'service'),
      username: 'u',
      password: 'p',
      productCode: 'Huoltaja-Huollettavat',
      timeoutMs: 2000,
    });
    // The same answer may already be in another test's database: codes are unique per person.
    await t.db.delete(persons).where(eq(persons.identityCode, CHILD_A));
    await t.db.delete(persons).where(eq(persons.identityCode, CHILD_B));
    expect(await refreshGuardianships(t.db, guardian, register)).toEqual({ type: 'refreshed', wards: 2, added: 2, removed: 0 });
    const wards = await t.db
      .select({ code: persons.identityCode, isPatient: persons.isPatient, street: persons.streetAddress })
      .from(guardianships)
      .innerJoin(persons, eq(persons.id, guardianships.wardId))
      .where(eq(guardianships.guardianId, guardian.id));
    expect(wards.sort((a, b) => a.code.localeCompare(b.code))).toEqual(
      [
        { code: CHILD_A, isPatient: false, street: 'Koulutie 2 & B' },
        { code: CHILD_B, isPatient: false, street: null },
      ].sort((a, b) => a.code.localeCompare(b.code)),
    );
  });
});
