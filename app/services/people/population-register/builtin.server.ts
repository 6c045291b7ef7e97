/**
 * The built-in population register (POPULATION_REGISTER=builtin; development and test only,
 * refused in production by env.server.ts): answers from `population_register_persons` and
 * `population_register_guardianships`, which the seed fills with the demo families and the
 * test fixtures extend (`addRegisterFamily` in db/factories.ts).
 */
import { eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { populationRegisterGuardianships, populationRegisterPersons } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import type { PopulationRegister, RegisterWard } from './population-register';

/** The register over the database it is given (the request's, or a test's). */
export function createBuiltinRegister(db: Db): PopulationRegister {
  return {
    kind: 'builtin',
    async wardsOf({ identityCode }) {
      const ward = alias(populationRegisterPersons, 'ward');
      const rows = await db
        .select({ ward, type: populationRegisterGuardianships.type })
        .from(populationRegisterGuardianships)
        .innerJoin(ward, eq(ward.identityCode, populationRegisterGuardianships.wardCode))
        .where(eq(populationRegisterGuardianships.guardianCode, identityCode))
        .orderBy(ward.birthDate);
      return rows.map(({ ward: w, type }): RegisterWard => ({
        identityCode: w.identityCode,
        firstName: w.firstName,
        lastName: w.lastName,
        birthDate: w.birthDate,
        guardianType: type,
        address:
          w.streetAddress && w.postalCode && w.postOffice ? { streetAddress: w.streetAddress, postalCode: w.postalCode, postOffice: w.postOffice } : null,
      }));
    },
  };
}
