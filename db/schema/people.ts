/**
 * Schema, people: everyone the portal knows by identity code (`persons`), guardianships, the
 * employer's occupational contract a person belongs to, and the built-in population register.
 */
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

export const occupationalContracts = pgTable(
  'occupational_contracts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    employerName: text('employer_name').notNull(),
    allowsWebReservation: boolean('allows_web_reservation').notNull().default(false),
    allowsVaccinations: boolean('allows_vaccinations').notNull().default(false),
    /** Comprehensive, Statutory or Other (spec 1 §3 ContractType); see occupational_contract_specialties. */
    contractType: text('contract_type', { enum: ['Comprehensive', 'Statutory', 'Other'] })
      .notNull()
      .default('Statutory'),
    /** Further products of the agreement (spec 1 §3 ProductId), e.g. influenza vaccines, chat, special contract. */
    productIds: text('product_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The client company's business id (Y-tunnus, e.g. 1234567-1): how a Suomi.fi YPA mandate names it (ADR 0050). */
    businessId: text('business_id').unique(),
    createdAt: createdAt(),
  },
  (t) => [
    check('occupational_contracts_type_check', sql`${t.contractType} in ('Comprehensive', 'Statutory', 'Other')`),
    check('occupational_contracts_business_id_check', sql`${t.businessId} ~ '^[0-9]{7}-[0-9]$'`),
  ],
);

/**
 * Everyone the portal knows by identity code: patients, guardians and people who have
 * identified strongly but are not (yet) patients (`isPatient` false).
 */
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Personal identity code, stored whole (never logged, never in URLs). */
    identityCode: text('identity_code').notNull().unique(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    email: text('email'),
    phone: text('phone'),
    language: text('language', { enum: ['fi', 'sv', 'en'] })
      .notNull()
      .default('fi'),
    streetAddress: text('street_address'),
    postalCode: text('postal_code'),
    postOffice: text('post_office'),
    isPatient: boolean('is_patient').notNull().default(true),
    occupationalContractId: uuid('occupational_contract_id').references(() => occupationalContracts.id),
    patientDataConsentUpdatedAt: timestamp('patient_data_consent_updated_at', { withTimezone: true }),
    /** Billing has blocked online booking for unpaid invoices (private care; not occupational). */
    creditBlocked: boolean('credit_blocked').notNull().default(false),
    /** When the person accepted the confidentiality (treatment) terms; null = never. */
    confidentialityAcceptedAt: timestamp('confidentiality_accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check('persons_language_check', sql`${t.language} in ('fi', 'sv', 'en')`)],
);

export const guardianships = pgTable(
  'guardianships',
  {
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    wardId: uuid('ward_id')
      .notNull()
      .references(() => persons.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['parent', 'nextOfKin', 'trustee', 'other'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.guardianId, t.wardId] }), index('guardianships_ward_idx').on(t.wardId)],
);

/**
 * The built-in population register (POPULATION_REGISTER=builtin; development and test only,
 * ADR 0023): the people and guardianships the register would answer, keyed by identity code as
 * the register is. Not our patients: `guardianships` mirrors it at identification.
 */
export const populationRegisterPersons = pgTable('population_register_persons', {
  identityCode: text('identity_code').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  birthDate: date('birth_date', { mode: 'string' }).notNull(),
  streetAddress: text('street_address'),
  postalCode: text('postal_code'),
  postOffice: text('post_office'),
});

export const populationRegisterGuardianships = pgTable(
  'population_register_guardianships',
  {
    guardianCode: text('guardian_code')
      .notNull()
      .references(() => populationRegisterPersons.identityCode, { onDelete: 'cascade' }),
    wardCode: text('ward_code')
      .notNull()
      .references(() => populationRegisterPersons.identityCode, { onDelete: 'cascade' }),
    type: text('type', { enum: ['parent', 'nextOfKin', 'trustee', 'other'] }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.guardianCode, t.wardCode] }),
    check('population_register_guardianships_type_check', sql`${t.type} in ('parent', 'nextOfKin', 'trustee', 'other')`),
  ],
);
