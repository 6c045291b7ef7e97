/**
 * An identity code for a test person (the test deployment's fixtures, `/dev/test-*`): born on
 * `birthDate`, and neither a person of ours nor in the built-in population register yet.
 */
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { persons, populationRegisterPersons } from '~db/schema';
import { makeIdentityCode } from '~/models/identity-code';
import type { Db } from '~/services/db/db.server';

export async function freeIdentityCode(db: Db, birthDate: string): Promise<string> {
  for (;;) {
    const code = makeIdentityCode(birthDate, 2 + randomInt(897));
    const [person] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, code));
    const [registered] = await db
      .select({ code: populationRegisterPersons.identityCode })
      .from(populationRegisterPersons)
      .where(eq(populationRegisterPersons.identityCode, code));
    if (!person && !registered) return code;
  }
}
