/**
 * Ten years of access log for the access-log scenario (ADR 0033): a busy patient (the demo
 * person, Aino) with ≈ 32 500 rows in 10 000 acts — list views of ten prescriptions, professionals
 * reading her messages, logins, invoices, customer service and the payment job — among
 * 2 000 000 rows of 20 000 other people over the same years. Made in the database with
 * generate_series (a few seconds, no rows through Node), then ANALYZE. PostgreSQL only: the
 * server holds a PGlite directory alone.
 */
import pg from 'pg';
import { progress } from './harness';

const OTHER_ROWS = 2_000_000;
const OTHER_PEOPLE = 20_000;
const PATIENT_ACTS = 10_000;
const YEARS = 10;

export async function addAccessLogHistory(databaseUrl: string, identityCode: string): Promise<{ patientRows: number; otherRows: number }> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // The bench runs on the wall clock (ADR 0024): history ends now.
    const now = new Date().toISOString();
    const { rows } = await client.query<{ id: string }>('select id from persons where identity_code = $1', [identityCode]);
    const patientId = rows[0]?.id;
    if (!patientId) throw new Error('the bench person is not in the database');
    progress(`access log: ${OTHER_ROWS} rows of ${OTHER_PEOPLE} other people over ${YEARS} years`);
    await client.query(
      `insert into access_log (at, actor_person_id, actor_kind, subject_person_id, action, resource, resource_id)
       select $1::timestamptz - (g::double precision / $2) * interval '${YEARS * 365} days',
              p.id, 'patient', p.id, 'view', (array['visit', 'prescription', 'lab-result-day', 'invoice', 'messaging-thread'])[1 + g % 5], (g % 997)::text
       from generate_series(1, $2::int) g, lateral (select md5('bench-person-' || (g % $3))::uuid as id) p`,
      [now, OTHER_ROWS, OTHER_PEOPLE],
    );
    progress(`access log: ${PATIENT_ACTS} acts of the bench person over ${YEARS} years`);
    const inserted = await client.query(
      `with pros as (select array_agg(person_id order by person_id) as ids from professionals),
       acts as (select a, $1::timestamptz - interval '1 hour' - (a::double precision / $3) * interval '${YEARS * 365} days' as at from generate_series(0, $3::int - 1) a)
       insert into access_log (at, actor_person_id, actor_kind, subject_person_id, action, resource, resource_id, reason)
       select acts.at,
              case when a % 4 = 1 then pros.ids[1 + a % cardinality(pros.ids)] when a % 100 = 3 then null else $2::uuid end,
              case when a % 4 = 1 then 'professional' when a % 100 = 3 then 'customer-service' when a % 100 = 7 then 'system' else 'patient' end,
              $2::uuid,
              case when a % 4 = 2 then 'login' when a % 100 in (3, 7) then 'change' else 'view' end,
              case a % 4 when 0 then 'prescription' when 1 then 'messaging-thread' when 2 then 'session' else 'invoice' end,
              case when a % 4 = 2 then null else (a * 10 + k)::text end,
              case when a % 4 = 1 then 'message-handling' when a % 100 = 3 then 'patient-request' when a % 100 = 7 then 'billing' end
       from acts, pros, lateral generate_series(1, case when a % 4 = 0 then 10 else 1 end) k`,
      [now, patientId, PATIENT_ACTS],
    );
    await client.query('analyze access_log');
    return { patientRows: inserted.rowCount ?? 0, otherRows: OTHER_ROWS };
  } finally {
    await client.end();
  }
}
