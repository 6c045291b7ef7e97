/**
 * The population register in use (POPULATION_REGISTER) and the refresh of a person's
 * guardianships from it: in one transaction, the register's wards become `persons` rows (not
 * patients) when unknown (through the people service, which owns `persons` writes), their
 * guardianships are inserted or updated, and guardianships the register no longer has are
 * deleted, so `guardianships` mirrors the register. When the register cannot answer, nothing
 * changes and the caller is told (`unavailable`).
 */
import { and, eq, notInArray } from 'drizzle-orm';
import { guardianships } from '~db/schema';
import { env } from '~/env.server';
import { logAccess } from '~/services/audit/access-log.server';
import { withTransaction, type Db } from '~/services/db/db.server';
import { logger } from '~/services/observability/logger.server';
import { upsertWardsFromRegister } from '../people.server';
import { createBuiltinRegister } from './builtin.server';
import { PopulationRegisterError, type PopulationRegister, type RegisterWard } from './population-register';
import { createVtjRegister, parseXRoadId } from './vtj-client.server';

let vtj: PopulationRegister | undefined;

/** The adapter chosen by POPULATION_REGISTER (the built-in one reads `db`). */
function populationRegister(db: Db): PopulationRegister {
  const e = env();
  if (e.POPULATION_REGISTER === 'vtj') {
    vtj ??= createVtjRegister({
      url: e.VTJ_XROAD_URL!,
      client: parseXRoadId(e.VTJ_XROAD_CLIENT!, 'client'),
      service: parseXRoadId(e.VTJ_XROAD_SERVICE, 'service'),
      username: e.VTJ_USERNAME!,
      password: e.VTJ_PASSWORD!,
      productCode: e.VTJ_PRODUCT_CODE,
      timeoutMs: e.VTJ_TIMEOUT_MS,
    });
    return vtj;
  }
  return createBuiltinRegister(db);
}

export type RefreshResult =
  { type: 'refreshed'; wards: number; added: number; removed: number } | { type: 'unavailable'; code: PopulationRegisterError['code'] };

/** Writes the register's answer for one guardian (exported for tests of the mirror itself). */
async function applyRegisterWards(db: Db, guardianId: string, wards: RegisterWard[]) {
  return withTransaction(db, async (t) => {
    const wardIds = await upsertWardsFromRegister(t, wards);
    const before = await t.select({ wardId: guardianships.wardId }).from(guardianships).where(eq(guardianships.guardianId, guardianId));
    const had = new Set(before.map((r) => r.wardId));
    for (const [i, ward] of wards.entries()) {
      await t
        .insert(guardianships)
        .values({ guardianId, wardId: wardIds[i]!, type: ward.guardianType })
        .onConflictDoUpdate({ target: [guardianships.guardianId, guardianships.wardId], set: { type: ward.guardianType } });
    }
    const removed = await t
      .delete(guardianships)
      .where(and(eq(guardianships.guardianId, guardianId), wardIds.length ? notInArray(guardianships.wardId, wardIds) : undefined))
      .returning({ wardId: guardianships.wardId });
    const added = wardIds.filter((id) => !had.has(id)).length;
    await logAccess(t, { actorPersonId: guardianId, subjectPersonId: guardianId, action: 'change', resource: 'person:guardianships' });
    return { type: 'refreshed' as const, wards: wardIds.length, added, removed: removed.length };
  });
}

/**
 * Asks the register for the person's wards and mirrors the answer into `guardianships`. The
 * register's failure keeps the stored rows and answers `unavailable` (logged with its code only).
 */
export async function refreshGuardianships(
  db: Db,
  person: { id: string; identityCode: string },
  register: PopulationRegister = populationRegister(db),
): Promise<RefreshResult> {
  let wards: RegisterWard[];
  try {
    wards = await register.wardsOf({ identityCode: person.identityCode, endUserId: person.id });
  } catch (error) {
    const code = error instanceof PopulationRegisterError ? error.code : 'unavailable';
    logger.warn({ event: 'population_register_refresh', register: register.kind, outcome: code }, 'population register did not answer');
    return { type: 'unavailable', code };
  }
  const result = await applyRegisterWards(db, person.id, wards);
  logger.info(
    { event: 'population_register_refresh', register: register.kind, wards: result.wards, added: result.added, removed: result.removed },
    'guardianships refreshed from the population register',
  );
  return result;
}
