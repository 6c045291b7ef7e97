/**
 * Guardians' contact details entered for a minor's record (spec 2 §3 "Guardian", at most two),
 * by a guardian of that minor or by the minor themself (e.g. a 15-year-old who logs in). Someone else's ward is "not found". Saving replaces the list in
 * one transaction; the access log records views and changes with the minor as the subject.
 */
import { asc, eq } from 'drizzle-orm';
import { minorGuardians, persons } from '~db/schema';
import { helsinkiDate } from '~/lib/dates';
import { isMinorOn } from '~/models/person';
import { guardiansSchema, type GuardianFields, type GuardianView } from '~/models/account/my-information';
import { fieldErrorsOf } from '~/models/booking/reservation-schemas';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { actsFor, viewerOfPerson } from '~/services/people/viewer.server';
import { clock } from '~/lib/clock.server';

export const GUARDIANS_RESOURCE = 'person:guardians';

export type SaveGuardiansResult = { type: 'success' } | { type: 'validation'; fields: Record<string, string[]> } | { type: 'notFound' };

/** A minor's own record (under 18 today in Helsinki) may hold their guardians too. */
export function isMinor(birthDate: string, now = clock.now()): boolean {
  return isMinorOn(birthDate, helsinkiDate(now));
}

/** The user may enter guardians for `minorId`: their ward under 18 (the viewer rule), or themself while a minor. */
async function isWardOf(db: Db, userId: string, minorId: string, now = clock.now()): Promise<boolean> {
  if (userId === minorId) {
    const [self] = await db.select({ birthDate: persons.birthDate }).from(persons).where(eq(persons.id, userId)).limit(1);
    return self !== undefined && isMinor(self.birthDate, now);
  }
  return actsFor(await viewerOfPerson(db, userId, now), minorId, 'minor');
}

/** The guardians entered for a ward of the user; null when the minor is not their ward. */
export async function getGuardians(db: Db, auth: { person: { id: string } }, wardId: string): Promise<GuardianView[] | null> {
  if (!(await isWardOf(db, auth.person.id, wardId))) return null;
  const rows = await db.select().from(minorGuardians).where(eq(minorGuardians.minorId, wardId)).orderBy(asc(minorGuardians.position));
  await logAccess(db, { actorPersonId: auth.person.id, subjectPersonId: wardId, action: 'view', resource: GUARDIANS_RESOURCE });
  return rows.map((r) => ({
    name: r.name,
    phone: r.phone,
    emailAddress: r.email,
    isGuardianHasSameAddress: r.sameAddress,
    streetAddress: r.streetAddress ?? '',
    zipCode: r.zipCode ?? '',
    postOffice: r.postOffice ?? '',
  }));
}

/** Replaces the ward's guardian list (0–2 guardians). */
export async function saveGuardians(db: Db, auth: { person: { id: string } }, input: unknown, now = clock.now()): Promise<SaveGuardiansResult> {
  const parsed = guardiansSchema.safeParse(input);
  if (!parsed.success) return { type: 'validation', fields: fieldErrorsOf(parsed.error) };
  const { wardId, guardians } = parsed.data;
  if (!(await isWardOf(db, auth.person.id, wardId))) return { type: 'notFound' };
  await withTransaction(db, async (t) => {
    await t.delete(minorGuardians).where(eq(minorGuardians.minorId, wardId));
    if (guardians.length > 0) {
      await t.insert(minorGuardians).values(
        guardians.map((g: GuardianFields, i) => ({
          minorId: wardId,
          position: i + 1,
          name: g.name,
          phone: g.phone,
          email: g.emailAddress,
          sameAddress: g.isGuardianHasSameAddress,
          streetAddress: g.streetAddress ?? null,
          zipCode: g.zipCode ?? null,
          postOffice: g.postOffice ?? null,
          updatedById: auth.person.id,
          updatedAt: now,
        })),
      );
    }
    await logAccess(t, { actorPersonId: auth.person.id, subjectPersonId: wardId, action: 'change', resource: GUARDIANS_RESOURCE });
  });
  return { type: 'success' };
}
