/**
 * The scale benchmark's calendar, generated inside PostgreSQL (INSERT … SELECT over
 * generate_series, no rows cross the wire): 60 clinics (the seed's 15 and 45 more), the seed's
 * 13 specialties, 1 000 practitioners and ~1.1 million free slots over 22 weeks, with about one
 * slot in eight booked (live appointments) and some cancelled bookings, like a real calendar.
 * Deterministic: PostgreSQL's random() is seeded first.
 */
import type pg from 'pg';
import { CLINICS, FIRST_NAMES, LAST_NAMES, SPECIALTIES, TITLES } from '../db/seed-data';

export interface ScaleShape {
  practitioners: number;
  days: number;
  /** Share of free slots that get a live appointment. */
  bookedShare: number;
  /** Share that get a cancelled appointment (the slot stays free). */
  cancelledShare: number;
}

export const DEFAULT_SHAPE: ScaleShape = { practitioners: 1000, days: 154, bookedShare: 0.12, cancelledShare: 0.02 };

/** Municipalities of the extra clinics: the seed's seven (they have neighbours) and six more. */
const EXTRA_MUNICIPALITIES = [
  'helsinki',
  'espoo',
  'vantaa',
  'kerava',
  'järvenpää',
  'tuusula',
  'hyvinkää',
  'lahti',
  'porvoo',
  'lohja',
  'kirkkonummi',
  'nurmijärvi',
  'sipoo',
];
const EXTRA_CLINICS = 45;

/**
 * Specialty of practitioner n: general practice, nurses and physiotherapy are the big groups,
 * as in a real clinic chain (every specialty is present). Clinics and working days come from a
 * hash of n, so they are independent of the specialty.
 */
const SPECIALTY_MIX = [
  'YLE',
  'YLE',
  'YLE',
  'YLE',
  'SH',
  'SH',
  'SH',
  'FYS',
  'FYS',
  'LAS',
  'IHO',
  'KNK',
  'PSY',
  'PSY',
  'ENDO',
  'GYN',
  'NNA',
  'GRG',
  'TTH',
  'ROKT',
];

export interface LoadReport {
  clinics: number;
  practitioners: number;
  slots: number;
  bookedSlots: number;
  cancelledBookings: number;
  seconds: number;
}

async function count(client: pg.ClientBase, table: string, where = 'true'): Promise<number> {
  const result = await client.query<{ n: string }>(`select count(*) as n from ${table} where ${where}`);
  return Number(result.rows[0]!.n);
}

/** Fills a migrated, empty database. `today` is the Helsinki date the calendar starts on. */
export async function loadScaleData(client: pg.ClientBase, today: string, shape: ScaleShape = DEFAULT_SHAPE): Promise<LoadReport> {
  const started = performance.now();
  await client.query('begin');
  await client.query('select setseed(0.4242)');

  for (const c of CLINICS) {
    await client.query(
      'insert into clinics (id, name, municipality, street_address, postal_code, post_office, is_remote) values ($1, $2, $3, $4, $5, $6, $7)',
      [c.id, c.name, c.municipality, c.streetAddress, c.postalCode, c.postOffice, 'isRemote' in c],
    );
  }
  await client.query(
    `insert into clinics (id, name, municipality, street_address, postal_code, post_office, is_remote)
     select 'C' || lpad(i::text, 2, '0'),
            'Lääkärikeskus ' || initcap(m.name) || ' ' || i,
            m.name, 'Keskuskatu ' || i, '0' || lpad((i * 37 % 1000)::text, 3, '0') || '0', initcap(m.name), false
     from generate_series(1, $1::int) as i
     cross join lateral (select ($2::text[])[1 + (i - 1) % array_length($2::text[], 1)] as name) as m`,
    [EXTRA_CLINICS, EXTRA_MUNICIPALITIES],
  );
  for (const s of SPECIALTIES) {
    await client.query('insert into specialties (id, name, is_remote_type) values ($1, $2, $3)', [s.id, s.name, s.isRemoteType]);
  }

  // Practitioners with their specialty, two physical clinics and (remote-type specialties) RMT.
  await client.query(
    `create temporary table bench_practitioners on commit drop as
     select n,
            'P' || lpad(n::text, 4, '0') as id,
            ($1::text[])[1 + (n - 1) % array_length($1::text[], 1)] as specialty_id
     from generate_series(1, $2::int) as n`,
    [SPECIALTY_MIX, shape.practitioners],
  );
  await client.query(`alter table bench_practitioners add column duration int, add column remote_type boolean,
                      add column home text, add column second text, add column rota int`);
  await client.query(
    `update bench_practitioners p
     set duration = case when p.specialty_id in ('SH', 'ROKT') then 20 else 30 end,
         remote_type = s.is_remote_type,
         home = (select id from clinics where not is_remote order by id offset abs(hashint4(p.n)) % 56 limit 1),
         second = (select id from clinics where not is_remote order by id offset (abs(hashint4(p.n)) % 56 + 1 + abs(hashint4(-p.n)) % 55) % 56 limit 1),
         rota = abs(hashint4(p.n * 7919))
     from specialties s where s.id = p.specialty_id`,
  );
  await client.query(
    `insert into practitioners (id, first_name, last_name, title, is_resource)
     select p.id, ($1::text[])[1 + p.n % array_length($1::text[], 1)], ($2::text[])[1 + (p.n * 7) % array_length($2::text[], 1)],
            ($3::jsonb) -> p.specialty_id, false
     from bench_practitioners p`,
    [FIRST_NAMES, LAST_NAMES, JSON.stringify(TITLES)],
  );
  await client.query(`insert into practitioner_specialties select id, specialty_id from bench_practitioners`);
  await client.query(
    `insert into practitioner_clinics
     select distinct id, clinic from bench_practitioners
     cross join lateral (values (home), (second), (case when remote_type then 'RMT' end)) as c(clinic)
     where clinic is not null`,
  );

  // Reference rows above went through the foreign keys; the bulk rows below are generated from
  // them, so their per-row foreign-key triggers are skipped for the load (needs a superuser).
  await client.query('set local session_replication_role = replica');
  // The calendar: three weekdays a week per practitioner (8–12 and 12–16, 16–20 on one of them;
  // which days is the practitioner's rota), alternating between their two clinics day by day,
  // some Saturday mornings, a quarter of the times already gone to phone bookings; remote-type
  // specialties hold 40 % of their times remotely (video or phone at RMT).
  await client.query(
    `insert into appointment_slots (clinic_id, practitioner_id, specialty_id, kind_id, start_at, duration_minutes,
                                    local_date, local_hour, is_remote, location_type, requires_auth, payer_types)
     select case when t.remote then 'RMT' when t.day_index % 2 = 0 then t.home else t.second end,
            t.id, t.specialty_id,
            case when not t.remote then 'VAS' when t.video then 'VETA' else 'PUH' end,
            (t.day + make_interval(mins => t.minute)) at time zone 'Europe/Helsinki',
            t.duration, t.day, t.minute / 60, t.remote,
            case when not t.remote then 'physicalLocation' when t.video then 'videoAppointment' else 'phoneAppointment' end,
            t.r_auth < 0.1,
            case when t.specialty_id = 'TTH' then '{occupationalHealthCare}'::text[]
                 when t.specialty_id = 'YLE' and t.r_auth > 0.9 then '{self,occupationalHealthCare}'::text[]
                 when t.specialty_id in ('YLE', 'FYS', 'KNK', 'PSY') and t.r_auth >= 0.1 and t.r_auth < 0.6
                   then '{self,insurance}'::text[]
                 else '{self}'::text[] end
     from (
       select p.*, d.i as day_index, d.day, m.minute,
              p.remote_type and random() < 0.4 as remote, random() < 0.6 as video, random() as r_auth, random() as r_gap
       from bench_practitioners p
       cross join lateral (select i, ($1::date + i) as day, extract(isodow from $1::date + i)::int as wd
                           from generate_series(0, $2::int - 1) as i) as d
       cross join lateral generate_series(
         480,
         (case when d.wd = 6 then 720 when (p.rota + d.wd) % 5 = 0 then 1200 else 960 end) - p.duration,
         p.duration) as m(minute)
       where d.wd <> 7 and ((d.wd = 6 and (p.rota + d.i) % 7 = 0) or (d.wd < 6 and (p.rota + d.wd) % 5 < 3))
     ) as t
     where t.r_gap >= 0.25 and (t.day + make_interval(mins => t.minute)) at time zone 'Europe/Helsinki' > now()`,
    [today, shape.days],
  );

  // Patients, and bookings of a share of the slots (a live one holds the slot; a cancelled one does not).
  await client.query(
    `insert into persons (identity_code, first_name, last_name, birth_date)
     select 'BENCH-' || n, 'Potilas', 'Nro ' || n, date '1960-01-01' + (n % 15000)
     from generate_series(1, 20000) as n`,
  );
  await client.query(
    `create temporary table bench_patients on commit drop as
     select row_number() over (order by id) as n, id from persons`,
  );
  await client.query(
    `insert into appointments (patient_id, slot_id, booked_via, kind_id, kind_name, payer_type, start_at, duration_minutes,
                               is_remote, location_type, clinic_id, practitioner_id, specialty_id, anonymous_token_hash,
                               cancelled_at, cancelled_by)
     select pt.id, s.id, 'web', s.kind_id, '{"fi":"Käynti","sv":"Besök","en":"Visit"}'::jsonb, 'self', s.start_at, s.duration_minutes,
            s.is_remote, s.location_type, s.clinic_id, s.practitioner_id, s.specialty_id, md5(s.id::text),
            case when b.cancelled then now() end, case when b.cancelled then 'patient' end
     from (select id, random() as r from appointment_slots) as pick
     cross join lateral (select pick.r >= $1::float8 as cancelled) as b
     join appointment_slots s on s.id = pick.id
     join bench_patients pt on pt.n = 1 + s.id % 20000
     where pick.r < $1::float8 + $2::float8`,
    [shape.bookedShare, shape.cancelledShare],
  );
  await client.query('commit');
  await client.query('vacuum analyze');

  return {
    clinics: await count(client, 'clinics'),
    practitioners: await count(client, 'practitioners'),
    slots: await count(client, 'appointment_slots'),
    bookedSlots: await count(client, 'appointments', 'cancelled_at is null'),
    cancelledBookings: await count(client, 'appointments', 'cancelled_at is not null'),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  };
}
