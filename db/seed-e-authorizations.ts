/**
 * The built-in e-Authorizations test service's demo mandates (issue 42, ADR 0050): what Suomi.fi
 * would hold for the demo persons. Laura acts for Aino (in force for a year, covering her
 * appointments, invoices, records and messages); her mandate from Pekka has ended and Mikko's
 * from Aino was withdrawn, so neither is offered. Helena (HR) represents the demo employer.
 */
import { testEauthMandates } from './schema';
import { addDays, helsinkiDate } from '../app/lib/dates';
import type { Db } from './client';
import { DEMO_HR_USERS } from './seed-messaging';
import { DEMO_PERSONS } from './seed-data';

/** The demo employer's business id (Y-tunnus, valid check digit). */
export const DEMO_EMPLOYER_BUSINESS_ID = '1234567-1';

/** The issues an HPA mandate for this portal may cover (ADR 0050). */
const HPA_ISSUES = ['appointments', 'invoices', 'records', 'messages'] as const;

export async function seedEAuthorizations(db: Db, now: Date) {
  const today = helsinkiDate(now);
  const { laura, aino, mikko, pekka } = DEMO_PERSONS;
  const name = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;
  await db.insert(testEauthMandates).values([
    {
      kind: 'hpa',
      delegateIdentityCode: laura.identityCode,
      principalId: aino.identityCode,
      principalName: name(aino),
      roles: [...HPA_ISSUES],
      validFrom: addDays(today, -30),
      validUntil: addDays(today, 365),
    },
    {
      kind: 'hpa',
      delegateIdentityCode: laura.identityCode,
      principalId: pekka.identityCode,
      principalName: name(pekka),
      roles: ['appointments'],
      validFrom: addDays(today, -400),
      validUntil: addDays(today, -35),
    },
    {
      kind: 'hpa',
      delegateIdentityCode: mikko.identityCode,
      principalId: aino.identityCode,
      principalName: name(aino),
      roles: [...HPA_ISSUES],
      validFrom: addDays(today, -60),
      revokedAt: new Date(now.getTime() - 10 * 86_400_000),
    },
    {
      kind: 'ypa',
      delegateIdentityCode: DEMO_HR_USERS.helena.identityCode,
      principalId: DEMO_EMPLOYER_BUSINESS_ID,
      principalName: 'Esimerkki Rakennus Oy',
      roles: ['hr'],
      validFrom: addDays(today, -90),
    },
  ]);
}
