/**
 * The front page's record feed (spec 1 §3 FeedItemType, spec 3 §9): the newest items of the
 * viewer's (and their under-12 wards') records — lab and imaging referrals and results, visit
 * reports, prescriptions, sick-leave certificates — with relative dates and, for referrals,
 * the validity hint. Only what the patient may see; each shown item is in the access log.
 */
import { and, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { imagingResults, labTests, prescriptions, referrals, sickLeaveCertificates, specialties, visitReports } from '~db/schema';
import type { Language } from '~/i18n/config';
import type { TFunction } from '~/i18n/translate';
import { helsinkiDate, helsinkiInstant } from '~/lib/dates';
import { formatDate } from '~/lib/format';
import { logAccesses } from '~/services/audit/access-log.server';
import type { Db } from '~/services/db/db.server';
import { visibleRecordIds, type RecordViewer } from '~/services/people/viewer.server';
import type { FeedView } from '~/models/records/feed';
import { pagePath } from '~/route-table';
import { CERTIFICATES_SINCE, newestFirst, relativeDate, relativeDay, relativeText, validityHint, validityText, type FeedItem } from './records-rules';
import { clock } from '~/lib/clock.server';

export const FEED_SIZE = 5;

export async function listFeed(
  db: Db,
  viewer: RecordViewer,
  lang: Language,
  { now = clock.now(), limit = FEED_SIZE, certificates = true }: { now?: Date; limit?: number; certificates?: boolean } = {},
): Promise<FeedItem[]> {
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

  const [refs, labDays, imaging, visits, rx, certificateRows] = await Promise.all([
    db
      .select({ id: referrals.id, patientId: referrals.patientId, type: referrals.type, title: referrals.title, creationDate: referrals.creationDate, validUntil: referrals.validUntil })
      .from(referrals)
      .where(and(inArray(referrals.patientId, ids), eq(referrals.viewRestriction, 'patient')))
      .orderBy(desc(referrals.creationDate), desc(referrals.id))
      .limit(limit),
    db
      .select({ patientId: labTests.patientId, date: labTests.resultDate, count: sql<number>`count(*)::int` })
      .from(labTests)
      .where(and(inArray(labTests.patientId, ids), isNull(labTests.parentId), eq(labTests.viewRestriction, 'patient')))
      .groupBy(labTests.patientId, labTests.resultDate)
      .orderBy(desc(labTests.resultDate))
      .limit(limit),
    db
      .select({ id: imagingResults.id, patientId: imagingResults.patientId, name: imagingResults.examinationName, date: imagingResults.imagingDate })
      .from(imagingResults)
      .where(and(inArray(imagingResults.patientId, ids), eq(imagingResults.viewRestriction, 'patient')))
      .orderBy(desc(imagingResults.imagingDate), desc(imagingResults.id))
      .limit(limit),
    db
      .select({ id: visitReports.id, patientId: visitReports.patientId, startAt: visitReports.startAt, specialty: specialties.name })
      .from(visitReports)
      .innerJoin(specialties, eq(specialties.id, visitReports.specialtyId))
      .where(and(inArray(visitReports.patientId, ids), eq(visitReports.viewRestriction, 'patient')))
      .orderBy(desc(visitReports.startAt), desc(visitReports.id))
      .limit(limit),
    db
      .select({ id: prescriptions.id, patientId: prescriptions.patientId, name: prescriptions.medicineName, strength: prescriptions.strength, date: prescriptions.issuedDate })
      .from(prescriptions)
      .where(inArray(prescriptions.patientId, ids))
      .orderBy(desc(prescriptions.issuedDate), desc(prescriptions.id))
      .limit(limit),
    certificates
      ? db
      .select({ id: sickLeaveCertificates.id, patientId: sickLeaveCertificates.patientId, createdAt: sickLeaveCertificates.createdAt, startDate: sickLeaveCertificates.startDate, endDate: sickLeaveCertificates.endDate })
      .from(sickLeaveCertificates)
      .where(and(inArray(sickLeaveCertificates.patientId, ids), gte(sickLeaveCertificates.createdAt, new Date(`${CERTIFICATES_SINCE}T00:00:00+02:00`))))
      .orderBy(desc(sickLeaveCertificates.createdAt))
      .limit(limit)
      : Promise.resolve([]),
  ]);

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
  await logAccesses(
    db,
    shown.map((i) => ({ actorPersonId: viewer.actorId, subjectPersonId: i.patientId, action: 'view' as const, resource: `feed:${i.resource}`, resourceId: i.resourceId })),
  );
  return shown.map(({ patientId: _p, resource: _r, resourceId: _i, ...item }) => item);
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
