/**
 * The built-in test insurer (INSURERS=test; development and tests only, production refuses
 * it): policies and permits from its own tables (test_insurer_*, by the identity code's hash),
 * seeded for the demo persons and created by /dev/test-fixtures/insurance; the permit
 * application is its page /dev/test-insurer/apply-permit, where the tester allows, denies,
 * cancels or fails it. A permit marked `fails_treatment_chain` refuses the treatment chain.
 */
import { and, desc, eq, gte, lte } from 'drizzle-orm';
import { testInsurerApplications, testInsurerPermits, testInsurerPolicies } from '~db/schema';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { testInsurerIdentityHash } from '~/lib/test-insurer-key.server';
import { helsinkiDate } from '~/lib/format';
import type { Insurer, PermitReturnStatus } from '~/models/booking/insurance';
import type { Db } from '~/services/db/db.server';
import { clock } from '~/lib/clock.server';
import type { InsuredPerson, InsurerAdapter } from './insurer-adapter';

/** The test insurer's page (outside the route table, like the test payment bank). */
const TEST_INSURER_PATH = '/dev/test-insurer/apply-permit';

const identityHash = testInsurerIdentityHash;

async function hasPolicy(db: Db, person: InsuredPerson, insurer: Insurer, date: string): Promise<boolean> {
  const [row] = await db
    .select({ id: testInsurerPolicies.id })
    .from(testInsurerPolicies)
    .where(
      and(
        eq(testInsurerPolicies.identityCodeHash, identityHash(person.identityCode)),
        eq(testInsurerPolicies.insurer, insurer),
        lte(testInsurerPolicies.validFrom, date),
        gte(testInsurerPolicies.validTo, date),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export function testInsurer(db: Db, now: () => Date = () => clock.now()): InsurerAdapter {
  const today = () => helsinkiDate(now());
  return {
    async lahiTapiolaPolicyCheck(person) {
      return { type: 'success', hasHealthcarePolicy: await hasPolicy(db, person, 'LAHITAPIOLA', today()) };
    },
    async lahiTapiolaPermits(person) {
      const rows = await db
        .select()
        .from(testInsurerPermits)
        .where(and(eq(testInsurerPermits.identityCodeHash, identityHash(person.identityCode)), gte(testInsurerPermits.validTo, today())))
        .orderBy(desc(testInsurerPermits.createdAt), desc(testInsurerPermits.id));
      return {
        type: 'success',
        permits: rows.map((r) => ({ symptom: r.symptom, bodyPart: r.bodyPart, validTo: r.validTo, contentHash: r.contentHash })),
      };
    },
    async startPermitApplication(person, options) {
      const id = randomToken(24);
      await db.insert(testInsurerApplications).values({
        id,
        identityCodeHash: identityHash(person.identityCode),
        returnUrl: options.returnUrl,
        channel: options.channel,
      });
      return { type: 'redirect', url: `${TEST_INSURER_PATH}?${new URLSearchParams({ application: id })}` };
    },
    async createTreatmentChain(person, options) {
      const [permit] = await db
        .select()
        .from(testInsurerPermits)
        .where(and(eq(testInsurerPermits.identityCodeHash, identityHash(person.identityCode)), eq(testInsurerPermits.contentHash, options.contentHash)))
        .limit(1);
      return permit && !permit.failsTreatmentChain && permit.validTo >= helsinkiDate(options.startAt) ? { type: 'success' } : { type: 'failed' };
    },
    async opPersonalInsurance(person) {
      return { type: (await hasPolicy(db, person, 'OP', today())) ? 'found' : 'not_found' };
    },
    async pohjolaCheck(person, date) {
      return { type: 'success', hasInsurance: await hasPolicy(db, person, 'OP', date) };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The test insurer's own side: its policies and permits, and its permit application page.

/** Creates a policy and permits for a person at the test insurer (seed, fixtures). */
export async function createTestInsurerCustomer(
  db: Db,
  identityCode: string,
  options: {
    insurer: Insurer;
    validFrom: string;
    validTo: string;
    permits?: { symptom: string; bodyPart: string; validTo: string; failsTreatmentChain?: boolean }[];
  },
): Promise<void> {
  const identityCodeHash = identityHash(identityCode);
  await db.insert(testInsurerPolicies).values({ identityCodeHash, insurer: options.insurer, validFrom: options.validFrom, validTo: options.validTo });
  for (const permit of options.permits ?? []) await createTestPermit(db, identityCodeHash, permit);
}

async function createTestPermit(
  db: Db,
  identityCodeHash: string,
  permit: { symptom: string; bodyPart: string; validTo: string; failsTreatmentChain?: boolean },
): Promise<string> {
  const contentHash = sha256(`${identityCodeHash}:${permit.symptom}:${permit.bodyPart}:${permit.validTo}:${randomToken(8)}`);
  await db.insert(testInsurerPermits).values({ identityCodeHash, ...permit, failsTreatmentChain: permit.failsTreatmentChain ?? false, contentHash });
  return contentHash;
}

export type TestApplication = typeof testInsurerApplications.$inferSelect;

export async function findTestApplication(db: Db, id: string): Promise<TestApplication | null> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(id)) return null;
  const [row] = await db.select().from(testInsurerApplications).where(eq(testInsurerApplications.id, id)).limit(1);
  return row ?? null;
}

/** What the tester chose on the application page: the permit is created when allowed. */
export async function completeTestApplication(
  db: Db,
  application: TestApplication,
  status: PermitReturnStatus,
  permit: { symptom: string; bodyPart: string; validTo: string },
): Promise<string> {
  await db.update(testInsurerApplications).set({ done: true }).where(eq(testInsurerApplications.id, application.id));
  const back = new URL(application.returnUrl);
  back.searchParams.set('status', status);
  if (status === 'directcompensationallowed') back.searchParams.set('permit', await createTestPermit(db, application.identityCodeHash, permit));
  return back.toString();
}
