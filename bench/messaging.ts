/**
 * `npm run bench -- --messaging [options]` (or `npx tsx bench/messaging.ts [options]`):
 * messaging at scale on a fresh PostgreSQL database that is created and dropped by the run.
 *
 * 1. Migrates and generates, in SQL: --customers customers (default 20 000) on 20 employer
 *    contracts, 100 professionals (a team of 5 per contract), --threads threads (default
 *    100 000) with --messages messages each on average (default 10: 1 000 000 messages), every
 *    thread open to its team, 70 % assigned, 30 % unread by the customer.
 * 2. Times the services directly (in this process, over a node-postgres pool like the
 *    server's): a customer's thread list page and unread badge, and a professional's category
 *    list, --iterations calls each (random customers and professionals) after a warm-up;
 *    p50/p95/p99 in ms. Targets: list and badge p95 ≤ 20 ms, category list p95 ≤ 50 ms.
 * 3. Prints EXPLAIN (ANALYZE, BUFFERS) of the list, the badge and a category query (--explain).
 *
 * Writes bench/messaging-results.json; exits non-zero when a target is missed.
 *
 *   --customers N  --threads N  --messages N  --iterations N (default 300)  --explain
 *
 * Database: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../db/client';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import * as schema from '../db/schema';
import { prng } from '../db/seed';
import { benchDatabase, benchMain, loadAverage, machine, parseCli, positiveInt, progress, round } from './harness';

const RESULTS_FILE = fileURLToPath(new URL('./messaging-results.json', import.meta.url));
const USAGE = 'npm run bench -- --messaging [--customers N] [--threads N] [--messages N] [--iterations N] [--explain]';
const TARGETS = { customerList: 20, unreadBadge: 20, categoryList: 50 } as const;

async function generate(db: Db, counts: { customers: number; threads: number; messages: number }) {
  const started = Date.now();
  const exec = (query: ReturnType<typeof sql>) => db.execute(query);
  await exec(sql`insert into occupational_contracts (id, employer_name)
    select ('00000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'Bench Oy ' || i from generate_series(1, 20) i`);
  // Professionals (100) and customers: persons with synthetic identity codes (never valid ones).
  await exec(sql`insert into persons (id, identity_code, first_name, last_name, birth_date, is_patient)
    select ('10000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'BENCH-PRO-' || i, 'Ammatti', 'Nro' || i, '1970-01-01', false
    from generate_series(1, 100) i`);
  await exec(sql`insert into professionals (person_id, first_name, last_name, title, professional_type)
    select ('10000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'Ammatti', 'Nro' || i,
      '{"fi":"Hoitaja","sv":"Skötare","en":"Nurse"}'::jsonb, case when i % 5 = 1 then 'Doctor' else 'Nurse' end
    from generate_series(1, 100) i`);
  await exec(sql`insert into occupational_care_team (contract_id, professional_id, position)
    select ('00000000-0000-4000-8000-' || lpad(((i - 1) / 5 + 1)::text, 12, '0'))::uuid,
      ('10000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, (i - 1) % 5
    from generate_series(1, 100) i`);
  await exec(sql`insert into persons (id, identity_code, first_name, last_name, birth_date, occupational_contract_id)
    select ('20000000-0000-4000-8000-' || lpad(i::text, 12, '0'))::uuid, 'BENCH-' || i, 'Asiakas', 'Nro' || i, '1980-01-01',
      ('00000000-0000-4000-8000-' || lpad((i % 20 + 1)::text, 12, '0'))::uuid
    from generate_series(1, ${counts.customers}) i`);
  progress(`persons: ${counts.customers} customers, 100 professionals`);
  // Threads: thread i belongs to customer (i % customers) + 1, whose contract is (customer % 20) + 1.
  await exec(sql`insert into messaging_threads (id, title, customer_person_id, is_active, created_at)
    select i, 'Aihe ' || i, ('20000000-0000-4000-8000-' || lpad((i % ${counts.customers} + 1)::text, 12, '0'))::uuid,
      i % 17 <> 0, now() - make_interval(mins => i)
    from generate_series(1, ${counts.threads}) i`);
  await exec(sql`select setval('messaging_threads_id_seq', ${counts.threads})`);
  const total = counts.threads * counts.messages;
  // Messages: thread (j % threads) + 1; odd ones by the customer, even ones by a team member.
  await exec(sql`insert into messaging_messages (id, thread_id, author_id, content, created_at)
    select j, t.id,
      case when j % 2 = 1 then t.customer_person_id
        else ('10000000-0000-4000-8000-' || lpad(((substr(t.customer_person_id::text, 25)::int % 20) * 5 + 1 + j % 5)::text, 12, '0'))::uuid end,
      'Viesti ' || j, t.created_at + make_interval(secs => j / ${counts.threads})
    from generate_series(1, ${total}) j join messaging_threads t on t.id = j % ${counts.threads} + 1`);
  await exec(sql`select setval('messaging_messages_id_seq', ${total})`);
  progress(`messages: ${total}`);
  await exec(sql`update messaging_threads t set last_message_id = m.id, last_message_at = m.created_at
    from (select distinct on (thread_id) thread_id, id, created_at from messaging_messages order by thread_id, created_at desc, id desc) m
    where m.thread_id = t.id`);
  // Access for the customer's team; a participant; 70 % assigned; the customer's read status.
  await exec(sql`insert into messaging_thread_access (thread_id, professional_id, last_message_at)
    select t.id, ct.professional_id, t.last_message_at from messaging_threads t
    join persons p on p.id = t.customer_person_id join occupational_care_team ct on ct.contract_id = p.occupational_contract_id`);
  await exec(sql`insert into messaging_thread_participants (thread_id, professional_id)
    select t.id, (select ct.professional_id from occupational_care_team ct join persons p on p.occupational_contract_id = ct.contract_id
      where p.id = t.customer_person_id order by ct.position offset (t.id / 20) % 5 limit 1) from messaging_threads t`);
  await exec(sql`insert into messaging_thread_assignments (thread_id, assignee_id, assigned_at)
    select thread_id, professional_id, now() - interval '1 day' from messaging_thread_participants where (thread_id / 20) % 10 < 7`);
  await exec(sql`insert into messaging_read_statuses (thread_id, reader_id, read_at)
    select id, customer_person_id, case when (id / 20) % 10 < 3 then last_message_at - interval '1 minute' else last_message_at end
    from messaging_threads`);
  await exec(sql`analyze`);
  progress(`generated in ${round((Date.now() - started) / 1000, 1)} s`);
}

function percentiles(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
  return { p50: round(at(50)), p95: round(at(95)), p99: round(at(99)), max: round(sorted.at(-1)!) };
}

async function timed(iterations: number, call: (i: number) => Promise<unknown>) {
  for (let i = 0; i < Math.min(30, iterations); i++) await call(-i - 1);
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await call(i);
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return percentiles(samples);
}

export async function main(argv = process.argv.slice(2)): Promise<number> {
  return benchMain(USAGE, async (run) => {
    const values = parseCli(argv, {
      customers: { type: 'string', default: '20000' },
      threads: { type: 'string', default: '100000' },
      messages: { type: 'string', default: '10' },
      iterations: { type: 'string', default: '300' },
      explain: { type: 'boolean', default: false },
    });
    const counts = {
      customers: positiveInt('customers', values.customers),
      threads: positiveInt('threads', values.threads),
      messages: positiveInt('messages', values.messages),
    };
    const iterations = positiveInt('iterations', values.iterations);
    const database = await benchDatabase(run, 'postgresql');
    const url = database.env.DATABASE_URL!;
    const migrated = await openDatabase({ url, poolSize: 2 });
    await runMigrations(migrated);
    await generate(migrated.db, counts);
    await migrated.close();

    const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c TimeZone=UTC' });
    run.cleanups.push(() => pool.end());
    const db = drizzle(pool, { schema }) as unknown as Db;
    const { listCustomerThreads, unreadThreadCount } = await import('../app/services/messaging/conversations.server');
    const { listCategory } = await import('../app/services/messaging/staff.server');
    const random = prng(1010);
    const customer = () => `20000000-0000-4000-8000-${String(1 + Math.floor(random() * counts.customers)).padStart(12, '0')}`;
    const professional = () => `10000000-0000-4000-8000-${String(1 + Math.floor(random() * 100)).padStart(12, '0')}`;
    const categories = ['assignedToMe', 'unassigned', 'participant', 'others', 'closed'] as const;

    progress(`timing ${iterations} calls per scenario`);
    const results = {
      customerList: await timed(iterations, () => listCustomerThreads(db, customer(), 1, 'fi')),
      unreadBadge: await timed(iterations, () => unreadThreadCount(db, customer())),
      categoryList: await timed(iterations, (i) => listCategory(db, professional(), categories[Math.abs(i) % categories.length]!, 1)),
    };

    const plans: Record<string, string> = {};
    const explain = async (name: string, query: { toSQL(): { sql: string; params: unknown[] } }) => {
      const { sql: text, params } = query.toSQL();
      const answer = await pool.query(`explain (analyze, buffers) ${text}`, params);
      plans[name] = answer.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
    };
    const { customerThreadsQuery, unreadCountQuery } = await import('../app/services/messaging/conversations.server');
    const { categoryQuery } = await import('../app/services/messaging/staff.server');
    const who = professional();
    await explain('customer thread list (page 1)', customerThreadsQuery(db, customer(), { offset: 0, limit: 10 }));
    await explain('unread badge', unreadCountQuery(db, customer()));
    for (const category of ['unassigned', 'others', 'assignedToMe', 'participant'] as const)
      await explain(`category ${category}`, categoryQuery(db, who, category, 1));
    if (values.explain) for (const [name, plan] of Object.entries(plans)) console.log(`\n── ${name}\n${plan}`);

    const misses = (Object.keys(TARGETS) as (keyof typeof TARGETS)[]).filter((k) => results[k].p95 > TARGETS[k]);
    console.log('\nmessaging at scale (server time of the service calls, ms)');
    console.log(`data: ${counts.customers} customers, ${counts.threads} threads, ${counts.threads * counts.messages} messages`);
    for (const [name, r] of Object.entries(results)) {
      console.log(`${name.padEnd(14)} p50 ${r.p50}  p95 ${r.p95}  p99 ${r.p99}  max ${r.max}  (target p95 ≤ ${TARGETS[name as keyof typeof TARGETS]})`);
    }
    await writeFile(
      RESULTS_FILE,
      `${JSON.stringify({ at: new Date().toISOString(), machine: machine(), loadAverage: loadAverage(), counts, iterations, results, targets: TARGETS, plans }, null, 2)}\n`,
    );
    if (misses.length) console.log(`missed: ${misses.join(', ')}`);
    return misses.length ? 1 : 0;
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = await main();
