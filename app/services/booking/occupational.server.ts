/**
 * Occupational health agreements (spec 3 §4 occupational list, vaccination page; §5 confirmation):
 * the one place that reads a person's agreement, for the occupational list, the reserve page,
 * the vaccination page and the appointment API.
 */
import { eq } from 'drizzle-orm';
import { occupationalContracts, occupationalContractSpecialties, persons } from '~db/schema';
import type { Db } from '~/services/db/db.server';
import {
  confirmationKind,
  INFLUENZA_PRODUCT_IDS,
  occupationalAccess,
  PRODUCT_IDS,
  type ConfirmationKind,
  type ContractType,
  type OccupationalAccess,
} from './occupational-rules';

export interface OccupationalContract {
  id: string;
  employerName: string;
  contractType: ContractType;
  allowsWebReservation: boolean;
  allowsVaccinations: boolean;
  /** All product ids, including web reservation and influenza vaccination when allowed (page state contractProductIds). */
  productIds: string[];
  /** Covered specialty id → its confirmation kind. */
  specialties: Map<string, ConfirmationKind>;
}

/** The person's agreement, or null when they have none. */
export async function contractOf(db: Db, personId: string): Promise<OccupationalContract | null> {
  const [row] = await db
    .select({ contract: occupationalContracts })
    .from(persons)
    .innerJoin(occupationalContracts, eq(occupationalContracts.id, persons.occupationalContractId))
    .where(eq(persons.id, personId))
    .limit(1);
  if (!row) return null;
  const { contract } = row;
  const covered = await db
    .select({ specialtyId: occupationalContractSpecialties.specialtyId, confirmation: occupationalContractSpecialties.confirmation })
    .from(occupationalContractSpecialties)
    .where(eq(occupationalContractSpecialties.contractId, contract.id));
  return {
    id: contract.id,
    employerName: contract.employerName,
    contractType: contract.contractType,
    allowsWebReservation: contract.allowsWebReservation,
    allowsVaccinations: contract.allowsVaccinations,
    productIds: [
      ...(contract.allowsWebReservation ? [PRODUCT_IDS.webReservation] : []),
      ...(contract.allowsVaccinations ? [PRODUCT_IDS.influenzaVaccination] : []),
      ...contract.productIds,
    ],
    specialties: new Map(covered.map((c) => [c.specialtyId, confirmationKind(c.specialtyId, c.confirmation)])),
  };
}

/** The occupational list page's view for the person (no agreement, no web reservation, or ok). */
export function accessOf(contract: OccupationalContract | null): OccupationalAccess {
  return occupationalAccess(contract);
}

/** The confirmation a reservation of the specialty asks for, or null when the agreement does not cover it. */
export function confirmationFor(contract: OccupationalContract, specialtyId: string): ConfirmationKind | null {
  return contract.specialties.get(specialtyId) ?? null;
}

/** Influenza vaccine products of the agreement (shown as included vaccines). */
export function includedVaccines(contract: OccupationalContract): string[] {
  return contract.productIds.filter((id) => (INFLUENZA_PRODUCT_IDS as readonly string[]).includes(id));
}
