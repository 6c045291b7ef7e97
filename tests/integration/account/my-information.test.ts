/**
 * My information's services on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * contact details (a new phone or e-mail only after a recent strong identification, and a notice
 * to the old ones: ADR 0047), SMS login onboarding, SMS-code re-identification of a lapsed session, and
 * the Kela card images on the embedded storage. Codes, limits, bindings, all-or-nothing saves
 * and the access log.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addGuardianship, createPerson, type Person } from '~db/factories';
import { accessLog, kelaCards, minorGuardians, outbox, persons, sessions, smsChallenges, storedObjects } from '~db/schema';
import type { Auth } from '~/context';
import { makeIdentityCode } from '~/models/identity-code';
import { createSession, listWards, lookupSession, SMS_CODE_PROVIDER } from '~/services/auth/session.server';
import type { Db } from '~/services/db/db.server';
import { featuresForPerson } from '~/services/features/features.server';
import { CONTACT_RESOURCE, getPatient, updateContact } from '~/services/account/contact.server';
import { getGuardians, GUARDIANS_RESOURCE, saveGuardians } from '~/services/account/guardians.server';
import { finishKelaUpload, getKelaCard, initKelaUpload, storeKelaCard } from '~/services/account/kela-card.server';
import {
  mfaStatus,
  openReauthChallenge,
  resumableSession,
  sendReauthCode,
  startOnboarding,
  verifyOnboarding,
  verifyReauthCode,
} from '~/services/account/mfa.server';
import { createEmbeddedAdapter } from '~/services/storage/embedded-adapter.server';
import { clientUpload, uploadResponse } from '~/services/storage/http.server';
import { deriveSigningKey } from '~/services/storage/signing.server';
import { openDownload, type Storage } from '~/services/storage/storage.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

const MINUTE = 60_000;
const message = { language: 'fi' as const, text: (code: string) => `Code ${code}` };
let individual = 700;

async function person(db: Db): Promise<Person> {
  individual += 2;
  return createPerson(db, { identityCode: makeIdentityCode('1984-05-06', individual), firstName: 'Maija', lastName: `Tieto${individual}` });
}

async function authOf(db: Db, who: Person, provider = 'test'): Promise<Auth> {
  const { row } = await createSession(db, { personId: who.id, identityProvider: provider });
  return { session: row, person: who, wards: await listWards(db, who.id), features: { ...(await featuresForPerson(db, who.id)), mfa: true }, isHrUser: false };
}

async function lastCode(db: Db, phone: string): Promise<string> {
  const [row] = await db.select().from(outbox).where(eq(outbox.recipient, phone)).orderBy(desc(outbox.id)).limit(1);
  // A login code, in the language its text is in, under the instance's brand (ADR 0029).
  expect(row).toMatchObject({ channel: 'sms', kind: 'loginCode', brand: 'general', language: 'fi' });
  return /\d{4}/.exec(row?.body ?? '')![0];
}

const wrongOf = (code: string) => (code === '0000' ? '1111' : '0000');

describe.each(databaseKinds())('my information on %s', (kind) => {
  const t = withTestDatabase(kind);

  describe('contact details', () => {
    let maija: Person;
    beforeAll(async () => {
      maija = await person(t.db);
    });

    it('refuses bad input field by field and changes nothing', async () => {
      const result = await updateContact(
        t.db,
        await authOf(t.db, maija),
        {
          streetAddress: 'K',
          zipCode: '0010',
          postOffice: 'Helsinki',
          phoneNumber: '12345',
          emailAddress: 'maija@',
          language: 'de',
        },
        { brand: 'general' },
      );
      expect(result.type).toBe('validation');
      if (result.type !== 'validation') return;
      expect(Object.keys(result.fields).sort()).toEqual(['emailAddress', 'language', 'phoneNumber', 'streetAddress', 'zipCode']);
      expect((await getPatient(t.db, { person: maija }))!.postalAddress.street).toBe('');
    });

    it('saves the details with the phone normalised, and logs the view and the change', async () => {
      const result = await updateContact(
        t.db,
        await authOf(t.db, maija),
        {
          streetAddress: ' Kotikatu 3 ',
          zipCode: '00250',
          postOffice: 'Helsinki',
          phoneNumber: '040 123 4567',
          emailAddress: 'maija@example.fi',
          language: 'sv',
        },
        { brand: 'general' },
      );
      expect(result.type).toBe('success');
      const patient = await getPatient(t.db, { person: maija });
      expect(patient).toMatchObject({
        phoneNumber: '+358401234567',
        email: 'maija@example.fi',
        language: 'sv',
        postalAddress: { street: 'Kotikatu 3', postalCode: '00250', postOffice: 'Helsinki' },
      });
      const log = await t.db
        .select({ action: accessLog.action })
        .from(accessLog)
        .where(and(eq(accessLog.subjectPersonId, maija.id), eq(accessLog.resource, CONTACT_RESOURCE)));
      expect(log.map((l) => l.action).sort()).toEqual(['change', 'view', 'view']);
    });
  });

  describe('a new phone or e-mail (ADR 0047)', () => {
    const details = (phoneNumber: string, emailAddress: string, language = 'fi') => ({
      streetAddress: 'Kotikatu 3',
      zipCode: '00250',
      postOffice: 'Helsinki',
      phoneNumber,
      emailAddress,
      language,
    });
    const identifiedAgo = async (who: Person, minutes: number, provider = 'fi-op'): Promise<Auth> => {
      const { row } = await createSession(t.db, { personId: who.id, identityProvider: provider, now: new Date(clock.nowMs() - minutes * MINUTE) });
      return { session: row, person: who, wards: [], features: await featuresForPerson(t.db, who.id), isHrUser: false };
    };
    const sentTo = (recipients: string[]) => t.db.select().from(outbox).where(inArray(outbox.recipient, recipients));
    async function contactOf(who: Person) {
      const [row] = await t.db
        .select({ phone: persons.phone, email: persons.email, street: persons.streetAddress })
        .from(persons)
        .where(eq(persons.id, who.id));
      return row;
    }
    async function withContact(phone: string, email: string, language: 'fi' | 'sv' | 'en' = 'fi') {
      const who = await person(t.db);
      await t.db
        .update(persons)
        .set({ phone, email, language, streetAddress: 'Vanhakatu 1', postalCode: '00100', postOffice: 'Helsinki' })
        .where(eq(persons.id, who.id));
      return who;
    }

    it('needs a strong identification within the window: otherwise nothing is saved and nobody is told', async () => {
      const who = await withContact('+358405550201', 'vanha@example.fi');
      const stale = await identifiedAgo(who, 16);
      const options = { brand: 'general' as const, identifiedMinutes: 15 };
      expect(await updateContact(t.db, stale, details('040 555 0202', 'vanha@example.fi'), options)).toEqual({ type: 'reidentificationRequired' });
      expect(await updateContact(t.db, stale, details('+358405550201', 'uusi@example.fi'), options)).toEqual({ type: 'reidentificationRequired' });
      // A session resumed with an SMS code is never enough, however fresh (the code goes to a phone).
      const resumed = await identifiedAgo(who, 0, SMS_CODE_PROVIDER);
      expect(await updateContact(t.db, resumed, details('040 555 0202', 'vanha@example.fi'), options)).toEqual({ type: 'reidentificationRequired' });
      expect(await contactOf(who)).toEqual({ phone: '+358405550201', email: 'vanha@example.fi', street: 'Vanhakatu 1' });
      expect(await sentTo(['+358405550201', '+358405550202', 'vanha@example.fi', 'uusi@example.fi'])).toEqual([]);
      const refused = await t.db
        .select({ action: accessLog.action })
        .from(accessLog)
        .where(and(eq(accessLog.subjectPersonId, who.id), eq(accessLog.resource, CONTACT_RESOURCE), eq(accessLog.action, 'refused')));
      expect(refused).toHaveLength(3);

      // The address, the language, the e-mail in another letter case: no identification needed, no notice.
      const same = await updateContact(t.db, stale, details('040 555 0201', 'Vanha@Example.fi', 'sv'), options);
      expect(same).toMatchObject({ type: 'success', notices: [] });
      expect(await contactOf(who)).toMatchObject({ street: 'Kotikatu 3' });

      // Within the window the new number is saved.
      const fresh = await identifiedAgo(who, 14);
      expect(await updateContact(t.db, fresh, details('040 555 0202', 'Vanha@Example.fi'), options)).toMatchObject({ type: 'success' });
      expect(await contactOf(who)).toMatchObject({ phone: '+358405550202' });
    });

    it('tells the old number and the old address, in the language they read, under the brand, and nothing of the new ones', async () => {
      const who = await withContact('+358405550301', 'entinen@example.fi', 'sv');
      const result = await updateContact(t.db, await identifiedAgo(who, 1), details('040 555 0302', 'nykyinen@example.fi', 'en'), { brand: 'children' });
      if (result.type !== 'success') throw new Error(result.type);
      expect(await contactOf(who)).toMatchObject({ phone: '+358405550302', email: 'nykyinen@example.fi' });

      const rows = await sentTo(['+358405550301', 'entinen@example.fi', '+358405550302', 'nykyinen@example.fi']);
      expect(rows.map((r) => [r.channel, r.recipient]).sort()).toEqual([
        ['email', 'entinen@example.fi'],
        ['sms', '+358405550301'],
      ]);
      expect(result.notices.map((n) => n.id).sort()).toEqual(rows.map((r) => r.id).sort());
      for (const row of rows) {
        expect(row).toMatchObject({ kind: 'notice', brand: 'children', language: 'sv', state: 'queued' });
        // What changed, when and whom to call: never the new number or address, nor the name.
        for (const secret of ['555 0302', '5550302', 'nykyinen', who.firstName, who.lastName]) expect(`${row.subject ?? ''} ${row.body}`).not.toContain(secret);
        expect(row.body).toContain('Pikku Kaari');
      }
      expect(rows.find((r) => r.channel === 'sms')!.body).toContain('Ditt telefonnummer ändrades');
      const mail = rows.find((r) => r.channel === 'email')!;
      expect(mail.subject).toBe('Din e-postadress ändrades – Pikku Kaari');
      expect(mail.body).toContain('ring vår kundtjänst');

      // Only the phone: only the old number hears of it.
      const next = await updateContact(t.db, await identifiedAgo(who, 1), details('040 555 0303', 'nykyinen@example.fi', 'en'), { brand: 'general' });
      expect(next).toMatchObject({ type: 'success' });
      expect((await sentTo(['+358405550302', 'nykyinen@example.fi'])).map((r) => [r.channel, r.recipient, r.language])).toEqual([
        ['sms', '+358405550302', 'en'],
      ]);
    });
  });

  describe('SMS login onboarding', () => {
    it('sends a code at once, keeps only its hash, and enables SMS login with the right code', async () => {
      const who = await person(t.db);
      const auth = await authOf(t.db, who);
      const sent = await startOnboarding(t.db, auth, { phone: '040 555 0101', clientIp: '10.0.0.1' }, message);
      expect(sent.type).toBe('code-sent');
      expect(await mfaStatus(t.db, who.id, auth.features)).toMatchObject({ type: 'user-wants-to-enable-mfa', phone: '+358405550101' });
      const code = await lastCode(t.db, '+358405550101');
      const [challenge] = await t.db.select().from(smsChallenges).where(eq(smsChallenges.personId, who.id));
      expect(challenge!.codeHash).not.toContain(code);
      expect(challenge!.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(await verifyOnboarding(t.db, auth, { code: wrongOf(code), clientIp: '10.0.0.1' })).toEqual({ type: 'mfa-challenge-failed' });
      expect(await verifyOnboarding(t.db, auth, { code, clientIp: '10.0.0.1' })).toEqual({ type: 'mfa-ok' });
      expect(await mfaStatus(t.db, who.id, auth.features)).toEqual({ type: 'enabled', verifiedPhoneNumber: '+358405550101' });
      // Single use.
      expect(await verifyOnboarding(t.db, auth, { code, clientIp: '10.0.0.1' })).toEqual({ type: 'mfa-challenge-failed' });
    });

    it('uses a code up on the fifth wrong try and refuses an expired one', async () => {
      const who = await person(t.db);
      const auth = await authOf(t.db, who);
      const now = clock.now();
      await startOnboarding(t.db, auth, { phone: '040 555 0102', clientIp: '10.0.0.2' }, message, now);
      const code = await lastCode(t.db, '+358405550102');
      for (let i = 0; i < 4; i++) {
        expect((await verifyOnboarding(t.db, auth, { code: wrongOf(code), clientIp: '10.0.0.2' }, now)).type).toBe('mfa-challenge-failed');
      }
      expect(await verifyOnboarding(t.db, auth, { code: wrongOf(code), clientIp: '10.0.0.2' }, now)).toEqual({ type: 'too-many-mfa-attempts' });
      expect(await verifyOnboarding(t.db, auth, { code, clientIp: '10.0.0.2' }, now)).toEqual({ type: 'too-many-mfa-attempts' });

      const later = new Date(now.getTime() + MINUTE);
      await startOnboarding(t.db, auth, { phone: '040 555 0102', clientIp: '10.0.0.2' }, message, later);
      const fresh = await lastCode(t.db, '+358405550102');
      const expired = new Date(later.getTime() + 10 * MINUTE + 1000);
      expect(await verifyOnboarding(t.db, auth, { code: fresh, clientIp: '10.0.0.2' }, expired)).toEqual({ type: 'mfa-challenge-failed' });
    });

    it('limits onboarding codes per person and names when the next one is possible', async () => {
      const who = await person(t.db);
      const auth = await authOf(t.db, who);
      const now = clock.now();
      for (let i = 0; i < 3; i++) {
        const at = new Date(now.getTime() + i * 1000);
        expect((await startOnboarding(t.db, auth, { phone: '040 555 0103', clientIp: '10.0.0.3' }, message, at)).type).toBe('code-sent');
      }
      const refused = await startOnboarding(t.db, auth, { phone: '040 555 0103', clientIp: '10.0.0.3' }, message, new Date(now.getTime() + 5000));
      expect(refused).toEqual({ type: 'too-many-onboarding-attempts', nextAttempt: new Date(now.getTime() + 60 * MINUTE) });
    });

    it('refuses a session resumed with an SMS code and a bad phone number', async () => {
      const who = await person(t.db);
      const weak = await authOf(t.db, who, SMS_CODE_PROVIDER);
      expect((await startOnboarding(t.db, weak, { phone: '040 555 0104', clientIp: '10.0.0.4' }, message)).type).toBe('needs-bank-identification');
      const strong = await authOf(t.db, who);
      expect((await startOnboarding(t.db, strong, { phone: '12', clientIp: '10.0.0.4' }, message)).type).toBe('invalid-phone');
    });
  });

  describe('SMS-code re-identification', () => {
    async function enabledPerson(phone: string) {
      const who = await person(t.db);
      const auth = await authOf(t.db, who);
      await startOnboarding(t.db, auth, { phone, clientIp: '10.1.0.1' }, message);
      expect(
        (await verifyOnboarding(t.db, auth, { code: await lastCode(t.db, phone.replace(/^0/, '+358').replace(/\s/g, '')), clientIp: '10.1.0.1' })).type,
      ).toBe('mfa-ok');
      return who;
    }

    async function lapsedSession(who: Person, now: Date) {
      const { token, row } = await createSession(t.db, { personId: who.id, identityProvider: 'test', now: new Date(now.getTime() - 40 * MINUTE) });
      return { token, row };
    }

    const features = async () => ({ mfa: true }) as Awaited<ReturnType<typeof featuresForPerson>>;

    it('resumes an idle-lapsed session with the code from the browser that asked for it', async () => {
      const who = await enabledPerson('0405550201');
      const now = clock.now();
      const { token, row } = await lapsedSession(who, now);
      const lookup = await lookupSession(t.db, token, now);
      expect(lookup).toMatchObject({ status: 'expired', reason: 'idle' });
      const resumable = await resumableSession(t.db, lookup, features, now);
      expect(resumable?.phone).toBe('+358405550201');
      expect(await sendReauthCode(t.db, resumable!, { bindingHash: 'browser-a', clientIp: '10.1.0.2' }, message, now)).toEqual({ type: 'code-sent' });
      const code = await lastCode(t.db, '+358405550201');

      const otherBrowser = await verifyReauthCode(t.db, resumable!, { code, binding: (h) => h === 'browser-b', clientIp: '10.1.0.2' }, now);
      expect(otherBrowser.type).toBe('no-code');
      const result = await verifyReauthCode(t.db, resumable!, { code, binding: (h) => h === 'browser-a', clientIp: '10.1.0.2' }, now);
      expect(result.type).toBe('success');
      if (result.type !== 'success') return;
      expect(result.token).not.toBe(token);
      expect(result.session.identityProvider).toBe(SMS_CODE_PROVIDER);
      expect(result.session.absoluteExpiresAt).toEqual(row.absoluteExpiresAt);
      const [old] = await t.db.select().from(sessions).where(eq(sessions.idHash, row.idHash));
      expect(old!.revokedAt).not.toBeNull();
      expect(await openReauthChallenge(t.db, resumable!, now)).toBeNull();
    });

    it('never resumes after a log-out, the absolute limit or a long lapse, nor without SMS login', async () => {
      const who = await enabledPerson('0405550202');
      const now = clock.now();
      const { token } = await lapsedSession(who, now);
      const long = new Date(now.getTime() + 61 * MINUTE);
      expect(await resumableSession(t.db, await lookupSession(t.db, token, long), features, long)).toBeNull();
      const absolute = new Date(now.getTime() + 12 * 60 * MINUTE);
      expect(await resumableSession(t.db, await lookupSession(t.db, token, absolute), features, absolute)).toBeNull();
      const noFeature = async () => ({ mfa: false }) as Awaited<ReturnType<typeof featuresForPerson>>;
      expect(await resumableSession(t.db, await lookupSession(t.db, token, now), noFeature, now)).toBeNull();
      const plain = await person(t.db);
      const other = await lapsedSession(plain, now);
      expect(await resumableSession(t.db, await lookupSession(t.db, other.token, now), features, now)).toBeNull();
      await t.db.update(sessions).set({ revokedAt: now }).where(eq(sessions.personId, who.id));
      expect(await resumableSession(t.db, await lookupSession(t.db, token, now), features, now)).toBeNull();
    });

    it('ends the session for good on the fifth wrong code', async () => {
      const who = await enabledPerson('0405550203');
      const now = clock.now();
      const { token } = await lapsedSession(who, now);
      const resumable = (await resumableSession(t.db, await lookupSession(t.db, token, now), features, now))!;
      await sendReauthCode(t.db, resumable, { bindingHash: 'b', clientIp: '10.1.0.3' }, message, now);
      const code = await lastCode(t.db, '+358405550203');
      const input = { code: wrongOf(code), binding: (h: string) => h === 'b', clientIp: '10.1.0.3' };
      for (let i = 0; i < 4; i++) expect((await verifyReauthCode(t.db, resumable, input, now)).type).toBe('identification-failed');
      expect((await verifyReauthCode(t.db, resumable, input, now)).type).toBe('too-many-retries');
      expect(await lookupSession(t.db, token, now)).toMatchObject({ status: 'expired', reason: 'revoked' });
      expect((await verifyReauthCode(t.db, resumable, { ...input, code }, now)).type).toBe('no-code');
    });

    it('limits re-identification codes per person', async () => {
      const who = await enabledPerson('0405550204');
      const now = clock.now();
      const { token } = await lapsedSession(who, now);
      const resumable = (await resumableSession(t.db, await lookupSession(t.db, token, now), features, now))!;
      for (let i = 0; i < 3; i++) {
        expect((await sendReauthCode(t.db, resumable, { bindingHash: 'b', clientIp: '10.1.0.4' }, message, new Date(now.getTime() + i))).type).toBe(
          'code-sent',
        );
      }
      expect((await sendReauthCode(t.db, resumable, { bindingHash: 'b', clientIp: '10.1.0.4' }, message, now)).type).toBe('too-many-codes');
    });
  });

  describe('guardians of a minor', () => {
    const guardian = (extra: Record<string, unknown> = {}) => ({
      name: 'Nieminen Laura',
      phone: '040 222 3344',
      emailAddress: 'laura@example.fi',
      isGuardianHasSameAddress: true,
      ...extra,
    });

    it('saves at most two guardians for a ward of the user, replacing the list', async () => {
      const parent = await person(t.db);
      individual += 2;
      const child = await createPerson(t.db, { identityCode: makeIdentityCode('2018-05-01', individual), firstName: 'Eino', lastName: 'Lapsi' });
      await addGuardianship(t.db, parent.id, child.id);
      const auth = { person: parent };
      expect(await getGuardians(t.db, auth, child.id)).toEqual([]);
      const second = guardian({ name: 'Nieminen Pekka', isGuardianHasSameAddress: false, streetAddress: 'Katu 1', zipCode: '00100', postOffice: 'Helsinki' });
      expect(await saveGuardians(t.db, auth, { wardId: child.id, guardians: [guardian(), second] })).toEqual({ type: 'success' });
      const saved = await getGuardians(t.db, auth, child.id);
      expect(saved).toMatchObject([
        { name: 'Nieminen Laura', phone: '+358402223344', isGuardianHasSameAddress: true, streetAddress: '' },
        { name: 'Nieminen Pekka', zipCode: '00100' },
      ]);
      const three = await saveGuardians(t.db, auth, { wardId: child.id, guardians: [guardian(), guardian(), guardian()] });
      expect(three.type).toBe('validation');
      expect(await saveGuardians(t.db, auth, { wardId: child.id, guardians: [] })).toEqual({ type: 'success' });
      expect(await t.db.select().from(minorGuardians).where(eq(minorGuardians.minorId, child.id))).toEqual([]);
      const log = await t.db
        .select({ action: accessLog.action })
        .from(accessLog)
        .where(and(eq(accessLog.subjectPersonId, child.id), eq(accessLog.resource, GUARDIANS_RESOURCE)));
      expect(log.map((l) => l.action).sort()).toEqual(['change', 'change', 'view', 'view']);
    });

    it("checks the limits and the address, and treats someone else's child as not found", async () => {
      const parent = await person(t.db);
      const stranger = await person(t.db);
      individual += 2;
      const child = await createPerson(t.db, { identityCode: makeIdentityCode('2017-05-01', individual), firstName: 'Aada', lastName: 'Lapsi' });
      await addGuardianship(t.db, parent.id, child.id);
      const bad = await saveGuardians(
        t.db,
        { person: parent },
        {
          wardId: child.id,
          guardians: [guardian({ name: 'x'.repeat(41), phone: '0'.repeat(21), isGuardianHasSameAddress: false, zipCode: '123' })],
        },
      );
      expect(bad.type).toBe('validation');
      if (bad.type === 'validation') {
        expect(bad.fields).toMatchObject({
          'guardians.0.name': ['myInformation.validation.max40'],
          'guardians.0.phone': ['myInformation.validation.max20'],
        });
      }
      const address = await saveGuardians(
        t.db,
        { person: parent },
        {
          wardId: child.id,
          guardians: [guardian({ isGuardianHasSameAddress: false, zipCode: '123' })],
        },
      );
      expect(address).toEqual({
        type: 'validation',
        fields: {
          'guardians.0.streetAddress': ['validation.required'],
          'guardians.0.postOffice': ['validation.required'],
          'guardians.0.zipCode': ['validation.postalCode'],
        },
      });
      expect(await getGuardians(t.db, { person: stranger }, child.id)).toBeNull();
      // A minor may enter their own guardians; an adult has none to enter for themself.
      expect(await saveGuardians(t.db, { person: child }, { wardId: child.id, guardians: [guardian()] })).toEqual({ type: 'success' });
      expect(await getGuardians(t.db, { person: parent }, child.id)).toHaveLength(1);
      expect(await getGuardians(t.db, { person: parent }, parent.id)).toBeNull();
      expect(await saveGuardians(t.db, { person: stranger }, { wardId: child.id, guardians: [guardian()] })).toEqual({ type: 'notFound' });
    });
  });

  describe('Kela card images', () => {
    const store: Storage = { adapter: createEmbeddedAdapter(), key: deriveSigningKey('integration-test-session-secret-0123456789', true) };
    const image = (head: number[], length = 200) => {
      const out = new Uint8Array(length);
      out.set(head);
      return out;
    };
    const JPEG = image([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00]);
    const PNG = image([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const PDF = image([...'%PDF-1.7\n'].map((c) => c.charCodeAt(0)));

    async function objectsOf(who: Person) {
      return t.db.select({ id: storedObjects.id, status: storedObjects.status }).from(storedObjects).where(eq(storedObjects.ownerPersonId, who.id));
    }

    it('saves a JPEG and a PNG from the plain form, replaces the pair, and serves it to its owner only', async () => {
      const who = await person(t.db);
      const auth = await authOf(t.db, who);
      const files = {
        front: { contentType: 'image/jpeg', fileName: 'front.jpg', bytes: JPEG },
        back: { contentType: 'image/png', fileName: 'back.png', bytes: PNG },
      };
      expect(await storeKelaCard(t.db, store, auth, files)).toEqual({ type: 'success' });
      const first = (await objectsOf(who)).map((o) => o.id).sort();
      expect(first).toHaveLength(2);
      expect(await storeKelaCard(t.db, store, auth, files)).toEqual({ type: 'success' });
      const second = (await objectsOf(who)).map((o) => o.id).sort();
      expect(second).toHaveLength(2);
      expect(second).not.toEqual(first);

      const card = await getKelaCard(t.db, store, auth);
      const token = card!.imageUrl.front.split('/').pop();
      expect(await openDownload(t.db, store, { token, userId: who.id })).not.toBeNull();
      const stranger = await person(t.db);
      expect(await openDownload(t.db, store, { token, userId: stranger.id })).toBeNull();
    });

    it('refuses a PDF named .png and keeps nothing of the pair', async () => {
      const who = await person(t.db);
      const auth = await authOf(t.db, who);
      const result = await storeKelaCard(t.db, store, auth, {
        front: { contentType: 'image/jpeg', fileName: 'front.jpg', bytes: JPEG },
        back: { contentType: 'image/png', fileName: 'back.png', bytes: PDF },
      });
      expect(result).toEqual({ type: 'invalid-image' });
      expect(await objectsOf(who)).toEqual([]);
      expect(await t.db.select().from(kelaCards).where(eq(kelaCards.personId, who.id))).toEqual([]);
      expect(await storeKelaCard(t.db, store, auth, { front: { contentType: 'image/jpeg', fileName: null, bytes: JPEG } })).toEqual({ type: 'missing' });
    });

    it('direct upload: both images or none (init-upload → PUT → finish-upload)', async () => {
      const who = await person(t.db);
      const auth = await authOf(t.db, who);
      const sizes = { front: JPEG.length, back: PNG.length };
      expect((await initKelaUpload(t.db, store, auth, { front: 'image/jpeg', back: 'application/pdf' }, sizes)).type).toBe('invalid-mimetype');
      // Each URL is bound to its image's size: none given, or over 10 MiB, gives no URL.
      expect((await initKelaUpload(t.db, store, auth, { front: 'image/jpeg', back: 'image/png' }, {})).type).toBe('invalid-size');
      expect((await initKelaUpload(t.db, store, auth, { front: 'image/jpeg', back: 'image/png' }, { ...sizes, back: 10 * 1024 * 1024 + 1 })).type).toBe(
        'too-large',
      );
      expect(await objectsOf(who)).toEqual([]);

      const put = async (target: { url: string; headers: Record<string, string> }, body: Uint8Array<ArrayBuffer>) => {
        const upload = clientUpload({ method: 'PUT', ...target }, auth.session.csrfToken);
        const request = new Request(new URL(upload.url, 'http://portal.test'), { method: 'PUT', headers: upload.headers, body });
        return uploadResponse(t.db, store, request, auth, upload.url.split('/').pop());
      };

      const bad = await initKelaUpload(t.db, store, auth, { front: 'image/jpeg', back: 'image/png' }, { front: JPEG.length, back: PDF.length });
      if (bad.type !== 'success') throw new Error('init refused');
      expect((await put(bad.front, JPEG)).status).toBe(200);
      expect((await put(bad.back, PDF)).status).toBe(415);
      expect(await finishKelaUpload(t.db, store, auth, bad.token)).toBe(false);
      expect(await objectsOf(who)).toEqual([]);

      const good = await initKelaUpload(t.db, store, auth, { front: 'image/jpeg', back: 'image/png' }, sizes);
      if (good.type !== 'success') throw new Error('init refused');
      expect((await put(good.front, JPEG)).status).toBe(200);
      expect((await put(good.back, PNG)).status).toBe(200);
      const stranger = await authOf(t.db, await person(t.db));
      expect(await finishKelaUpload(t.db, store, stranger, good.token)).toBe(false);
      expect(await finishKelaUpload(t.db, store, auth, `${good.token}x`)).toBe(false);
      expect(await finishKelaUpload(t.db, store, auth, good.token)).toBe(true);
      expect((await objectsOf(who)).map((o) => o.status)).toEqual(['complete', 'complete']);
    });
  });
});
