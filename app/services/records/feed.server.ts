/**
 * The front page's record feed (spec 1 §3 FeedItemType, spec 3 §9): the newest items of the
 * viewer's (and their under-12 wards') records — lab and imaging referrals and results, visit
 * reports, prescriptions, sick-leave certificates — with relative dates and, for referrals,
 * the validity hint. Only what the patient may see; each shown item is in the access log.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { imagingResults, labTests, persons, prescriptions, referrals, sickLeaveCertificates, specialties, visitReports, type Localized } from '~db/schema';
import type { Language } from '~/i18n/config';
import type { TFunction } from '~/i18n/translate';
import { helsinkiDate, helsinkiInstant } from '~/lib/dates';
import { formatDate } from '~/lib/format';
import { logOrBatch, type AccessLogBatch } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';
import { isOneOf, listVariant, placeholderValue, prepared } from '~/services/db/prepared.server';
import { visibleRecordIds, type RecordViewer } from '~/services/people/viewer.server';
import type { FeedView } from '~/models/records/feed';
import { pagePath } from '~/route-table';
import { clock } from '~/lib/clock.server';
import { CERTIFICATES_SINCE_INSTANT, newestFirst, relativeDate, relativeDay, relativeText, validityHint, validityText, type FeedItem } from './records-rules';

const FEED_SIZE = 5;

/** The rows of a subquery as one JSON array (empty when there are none). */
const jsonRows = (query: SQL) => sql`coalesce((select json_agg(feed_row) from (${query}) feed_row), '[]'::json)`;

/** A renewable prescription of the viewer's own (the link is to the viewer's own renewal). */
const renewableOfViewer = sql`select 1 from ${prescriptions}
  where ${prescriptions.patientId} = ${sql.placeholder('actorId')} and ${prescriptions.isRenewable} = true`;

/**
 * The newest items of every kind of record in one prepared statement (one round trip instead of
 * six, and no SQL to build per page view; ADR 0010): each kind's newest `limit` rows of the
 * people `ids`, as a JSON array per kind. The row is the viewer's own person, who always exists.
 */
const feedQuery = (ids: readonly string[]) => (db: Db) => {
  const limit = sql.placeholder('limit');
  const patientOf = (column: AnyPgColumn) => isOneOf(column, 'ids', ids);
  return db
    .select({
      refs: jsonRows(sql`
        select ${referrals.id} as "id", ${referrals.patientId} as "patientId", ${referrals.type} as "type", ${referrals.title} as "title",
          ${referrals.creationDate} as "creationDate", ${referrals.validUntil} as "validUntil"
        from ${referrals} where ${patientOf(referrals.patientId)} and ${referrals.viewRestriction} = 'patient'
        order by ${referrals.creationDate} desc, ${referrals.id} desc limit ${limit}`),
      labDays: jsonRows(sql`
        select ${labTests.patientId} as "patientId", ${labTests.resultDate} as "date", count(*)::int as "count"
        from ${labTests} where ${patientOf(labTests.patientId)} and ${labTests.parentId} is null and ${labTests.viewRestriction} = 'patient'
        group by ${labTests.patientId}, ${labTests.resultDate} order by ${labTests.resultDate} desc limit ${limit}`),
      imaging: jsonRows(sql`
        select ${imagingResults.id} as "id", ${imagingResults.patientId} as "patientId", ${imagingResults.examinationName} as "name", ${imagingResults.imagingDate} as "date"
        from ${imagingResults} where ${patientOf(imagingResults.patientId)} and ${imagingResults.viewRestriction} = 'patient'
        order by ${imagingResults.imagingDate} desc, ${imagingResults.id} desc limit ${limit}`),
      visits: jsonRows(sql`
        select ${visitReports.id} as "id", ${visitReports.patientId} as "patientId", ${visitReports.startAt} as "startAt", ${specialties.name} as "specialty"
        from ${visitReports} join ${specialties} on ${specialties.id} = ${visitReports.specialtyId}
        where ${patientOf(visitReports.patientId)} and ${visitReports.viewRestriction} = 'patient'
        order by ${visitReports.startAt} desc, ${visitReports.id} desc limit ${limit}`),
      prescriptions: jsonRows(sql`
        select ${prescriptions.id} as "id", ${prescriptions.patientId} as "patientId", ${prescriptions.medicineName} as "name", ${prescriptions.strength} as "strength",
          ${prescriptions.issuedDate} as "date"
        from ${prescriptions} where ${patientOf(prescriptions.patientId)}
        order by ${prescriptions.issuedDate} desc, ${prescriptions.id} desc limit ${limit}`),
      certificates: jsonRows(sql`
        select ${sickLeaveCertificates.id} as "id", ${sickLeaveCertificates.patientId} as "patientId", ${sickLeaveCertificates.createdAt} as "createdAt",
          ${sickLeaveCertificates.startDate} as "startDate", ${sickLeaveCertificates.endDate} as "endDate"
        from ${sickLeaveCertificates}
        where ${sql.placeholder('certificates')}::boolean and ${patientOf(sickLeaveCertificates.patientId)}
          and ${sickLeaveCertificates.createdAt} >= ${CERTIFICATES_SINCE_INSTANT.toISOString()}::timestamptz
        order by ${sickLeaveCertificates.createdAt} desc limit ${limit}`),
      // The feed's "renew a prescription" link: with online renewal on, whether the viewer has a
      // renewable prescription of their own, asked in the same round trip (ADR 0010).
      canRenew: sql<boolean>`${sql.placeholder('renewal')}::boolean and exists (${renewableOfViewer})`,
    })
    .from(persons)
    .where(eq(persons.id, sql.placeholder('actorId')));
};

export async function listFeed(
  db: Db,
  viewer: RecordViewer,
  lang: Language,
  {
    now = clock.now(),
    limit = FEED_SIZE,
    certificates = true,
    renewal = false,
    batch,
  }: {
    now?: Date;
    limit?: number;
    certificates?: boolean;
    /** Whether prescriptions can be renewed online: then `canRenew` tells if the viewer has one to renew. */
    renewal?: boolean;
    /** Collects the views for the caller to write. */
    batch?: AccessLogBatch;
  } = {},
): Promise<{ items: FeedItem[]; canRenew: boolean }> {
  const ids = visibleRecordIds(viewer);
  const today = helsinkiDate(now);
  const nameOf = (patientId: string) => {
    const p = viewer.people.find((x) => x.id === patientId);
    return p && p.id !== viewer.actorId ? `${p.firstName} ${p.lastName}` : null;
  };
  const personParam = (patientId: string) => (patientId === viewer.actorId ? null : patientId);
  const dayWhen = (date: string) => {
    const r = relativeDay(date, today);
    return r.kind === 'date' ? { ...r, dateText: formatDate(date, lang) } : r;
  };
  const instantWhen = (at: Date) => {
    const r = relativeDate(at, now);
    return r.kind === 'date' ? { ...r, dateText: formatDate(at, lang) } : r;
  };
  const dayKey = (date: string) => helsinkiInstant(date, 0).toISOString();

  const [found] = await prepared(db, `records_feed_${listVariant(ids)}`, feedQuery(ids)).execute({
    actorId: viewer.actorId,
    ids: placeholderValue(ids),
    limit,
    certificates,
    renewal,
  });
  const rows = <T>(value: unknown): T[] => (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
  const refs = rows<{ id: number; patientId: string; type: 'laboratory' | 'imaging'; title: string; creationDate: string; validUntil: string }>(found?.refs);
  const labDays = rows<{ patientId: string; date: string; count: number }>(found?.labDays);
  const imaging = rows<{ id: number; patientId: string; name: string; date: string }>(found?.imaging);
  const visits = rows<{ id: number; patientId: string; startAt: string; specialty: Localized }>(found?.visits).map((v) => ({
    ...v,
    startAt: new Date(v.startAt),
  }));
  const rx = rows<{ id: number; patientId: string; name: string; strength: string; date: string }>(found?.prescriptions);
  const certificateRows = rows<{ id: number; patientId: string; createdAt: string; startDate: string; endDate: string }>(found?.certificates).map((c) => ({
    ...c,
    createdAt: new Date(c.createdAt),
  }));

  const items: Array<FeedItem & { patientId: string; resource: string; resourceId: string }> = [
    ...refs.map((r) => {
      const hint = validityHint(r.validUntil, today);
      return {
        type: r.type === 'laboratory' ? ('laboratoryReferral' as const) : ('imagingReferral' as const),
        target: { page: r.type === 'laboratory' ? ('laboratoryReferral' as const) : ('imagingReferral' as const), params: { id: String(r.id) }, person: null },
        title: r.title,
        personName: nameOf(r.patientId),
        when: dayWhen(r.creationDate),
        validity: hint && hint.kind === 'date' ? { ...hint, dateText: formatDate(hint.date, lang) } : hint,
        at: dayKey(r.creationDate),
        patientId: r.patientId,
        resource: `${r.type}-referral`,
        resourceId: String(r.id),
      };
    }),
    ...labDays.map((d) => ({
      type: 'laboratoryResult' as const,
      target: { page: 'laboratoryResult' as const, params: { date: d.date }, person: personParam(d.patientId) },
      title: formatDate(d.date, lang),
      personName: nameOf(d.patientId),
      when: dayWhen(d.date),
      validity: null,
      at: dayKey(d.date),
      patientId: d.patientId,
      resource: 'lab-result-day',
      resourceId: d.date,
    })),
    ...imaging.map((r) => ({
      type: 'imagingResult' as const,
      target: { page: 'imagingResult' as const, params: { id: String(r.id) }, person: null },
      title: r.name,
      personName: nameOf(r.patientId),
      when: dayWhen(r.date),
      validity: null,
      at: dayKey(r.date),
      patientId: r.patientId,
      resource: 'imaging-result',
      resourceId: String(r.id),
    })),
    ...visits.map((v) => ({
      type: 'medicalReport' as const,
      target: { page: 'visit' as const, params: { id: String(v.id) }, person: null },
      title: v.specialty[lang],
      personName: nameOf(v.patientId),
      when: instantWhen(v.startAt),
      validity: null,
      at: v.startAt.toISOString(),
      patientId: v.patientId,
      resource: 'visit',
      resourceId: String(v.id),
    })),
    ...rx.map((p) => ({
      type: 'prescription' as const,
      target: { page: 'prescriptions' as const, params: {}, person: personParam(p.patientId) },
      title: `${p.name} ${p.strength}`,
      personName: nameOf(p.patientId),
      when: dayWhen(p.date),
      validity: null,
      at: dayKey(p.date),
      patientId: p.patientId,
      resource: 'prescription',
      resourceId: String(p.id),
    })),
    ...certificateRows.map((c) => ({
      type: 'sickLeaveCertificate' as const,
      target: { page: 'certificates' as const, params: {}, person: personParam(c.patientId) },
      title: `${formatDate(c.startDate, lang)}–${formatDate(c.endDate, lang)}`,
      personName: nameOf(c.patientId),
      when: instantWhen(c.createdAt),
      validity: null,
      at: c.createdAt.toISOString(),
      patientId: c.patientId,
      resource: 'sick-leave-certificate',
      resourceId: String(c.id),
    })),
  ];
  const shown = newestFirst(items, limit) as typeof items;
  await logOrBatch(
    db,
    shown.map((i) => ({
      actorPersonId: viewer.actorId,
      subjectPersonId: i.patientId,
      action: 'view' as const,
      resource: `feed:${i.resource}`,
      resourceId: i.resourceId,
    })),
    batch,
  );
  return { items: shown.map(({ patientId: _p, resource: _r, resourceId: _i, ...item }) => item), canRenew: Boolean(found?.canRenew) };
}

/** The feed as the front page shows it, translated on the server (no text module in the browser). */
export function feedView(items: readonly FeedItem[], canRenew: boolean, lang: Language, t: TFunction): FeedView {
  return {
    title: t('recordsFeed.title'),
    empty: t('recordsFeed.empty'),
    renewLink: canRenew ? { href: pagePath('prescriptions', lang), text: t('recordsFeed.renewLink') } : null,
    items: items.map((item) => ({
      key: `${item.type}-${item.at}-${item.title}`,
      href: `${pagePath(item.target.page, lang, item.target.params)}${item.target.person ? `?person=${encodeURIComponent(item.target.person)}` : ''}`,
      title: item.title,
      meta: [t(`recordsFeed.types.${item.type}`), item.personName, relativeText(item.when, t)].filter(Boolean).join(' · '),
      hint: validityText(item.validity, t),
    })),
  };
}
