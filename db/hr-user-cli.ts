/**
 * `npm run hr-user -- <command>`: the administrator's tool for HR users of client companies
 * (ADR 0042). An HR user logs in with strong identification; this binds that identity to one
 * company (its occupational contract), or removes the binding.
 *
 *   add <identity code> <first name> <last name> <contract id> <title> <e-mail>
 *   deactivate <identity code>
 *   list
 *
 * Nothing is printed of the identity code; the list shows names, titles and companies. The
 * arguments are checked before the database is opened (db/hr-user-arguments.ts): a wrong one is
 * refused with a message that names it, and nothing is written.
 */
import { and, asc, eq } from 'drizzle-orm';
import { databaseConfig } from '../app/services/db/db.server';
import { openDatabase } from './client';
import { createHrUser } from './factories';
import { NO_CONTRACT, parseHrUserArguments } from './hr-user-arguments';
import { runMigrations } from './migrate';
import { hrUsers, occupationalContracts, persons } from './schema';

const fail = (message: string) => {
  process.stderr.write(`${message}\n`);
  process.exitCode = 1;
};

const parsed = parseHrUserArguments(process.argv.slice(2));
if ('error' in parsed) {
  fail(parsed.error);
} else {
  const database = await openDatabase(databaseConfig());
  try {
    await runMigrations(database);
    const { db } = database;
    if (parsed.command === 'add') {
      const { identityCode, firstName, lastName, contractId, title, emailAddress } = parsed;
      const [contract] = await db.select().from(occupationalContracts).where(eq(occupationalContracts.id, contractId)).limit(1);
      if (!contract) fail(NO_CONTRACT);
      else {
        const row = await createHrUser(db, { identityCode, firstName, lastName, contractId, title, emailAddress });
        process.stdout.write(`HR user ${row.person.firstName} ${row.person.lastName} (${row.title}) of ${contract.employerName}.\n`);
      }
    } else if (parsed.command === 'deactivate') {
      const [person] = await db.select({ id: persons.id }).from(persons).where(eq(persons.identityCode, parsed.identityCode)).limit(1);
      const updated = person
        ? await db
            .update(hrUsers)
            .set({ active: false })
            .where(and(eq(hrUsers.personId, person.id), eq(hrUsers.active, true)))
            .returning()
        : [];
      if (updated.length === 0) fail('No active HR user with that identity code.');
      else process.stdout.write('Deactivated.\n');
    } else {
      const rows = await db
        .select({
          firstName: persons.firstName,
          lastName: persons.lastName,
          title: hrUsers.title,
          company: occupationalContracts.employerName,
          active: hrUsers.active,
        })
        .from(hrUsers)
        .innerJoin(persons, eq(persons.id, hrUsers.personId))
        .innerJoin(occupationalContracts, eq(occupationalContracts.id, hrUsers.contractId))
        .orderBy(asc(occupationalContracts.employerName), asc(persons.lastName));
      for (const r of rows) process.stdout.write(`${r.company}\t${r.firstName} ${r.lastName}\t${r.title}${r.active ? '' : '\t(inactive)'}\n`);
    }
  } finally {
    await database.close();
  }
}
