/**
 * `npm run hr-user -- <command>`: the administrator's tool for HR users of client companies
 * (ADR 0042). An HR user logs in with strong identification; this binds that identity to one
 * company (its occupational contract), or removes the binding.
 *
 *   add <identity code> <first name> <last name> <contract id> <title> <e-mail>
 *   deactivate <identity code>
 *   list
 *
 * Nothing is printed of the identity code; the list shows names, titles and companies.
 */
import { and, asc, eq } from 'drizzle-orm';
import { databaseConfig } from '../app/services/db/db.server';
import { isValidIdentityCode } from '../app/models/identity-code';
import { openDatabase } from './client';
import { createHrUser } from './factories';
import { runMigrations } from './migrate';
import { hrUsers, occupationalContracts, persons } from './schema';

const [command, ...args] = process.argv.slice(2);
const database = await openDatabase(databaseConfig());
await runMigrations(database);
const { db } = database;
const fail = (message: string) => {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
};
try {
  if (command === 'add' && args.length === 6) {
    const [identityCode, firstName, lastName, contractId, title, emailAddress] = args as [string, string, string, string, string, string];
    const [contract] = await db.select().from(occupationalContracts).where(eq(occupationalContracts.id, contractId)).limit(1);
    if (!isValidIdentityCode(identityCode)) fail('Not a valid identity code.');
    else if (!contract) fail('No occupational contract with that id.');
    else {
      const row = await createHrUser(db, { identityCode, firstName, lastName, contractId, title, emailAddress });
      process.stdout.write(`HR user ${row.person.firstName} ${row.person.lastName} (${row.title}) of ${contract.employerName}.\n`);
    }
  } else if (command === 'deactivate' && args.length === 1) {
    const [person] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, args[0]!)).limit(1);
    const updated = person ? await db.update(hrUsers).set({ active: false }).where(and(eq(hrUsers.personId, person.id), eq(hrUsers.active, true))).returning() : [];
    if (updated.length === 0) fail('No active HR user with that identity code.');
    else process.stdout.write('Deactivated.\n');
  } else if (command === 'list') {
    const rows = await db
      .select({ firstName: persons.firstName, lastName: persons.lastName, title: hrUsers.title, company: occupationalContracts.employerName, active: hrUsers.active })
      .from(hrUsers)
      .innerJoin(persons, eq(persons.id, hrUsers.personId))
      .innerJoin(occupationalContracts, eq(occupationalContracts.id, hrUsers.contractId))
      .orderBy(asc(occupationalContracts.employerName), asc(persons.lastName));
    for (const r of rows) process.stdout.write(`${r.company}\t${r.firstName} ${r.lastName}\t${r.title}${r.active ? '' : '\t(inactive)'}\n`);
  } else {
    fail('Usage: npm run hr-user -- add <identity code> <first name> <last name> <contract id> <title> <e-mail> | deactivate <identity code> | list');
  }
} finally {
  await database.close();
}
