/**
 * The conversation view's pure rules (spec 1 §4): the timeline of messages and the assignee's
 * absence notices in chronological order, grouped by day in Helsinki time. Client-safe.
 */
import { helsinkiDate, helsinkiInstant } from '~/lib/dates';
import { formatDate, formatDateTime, formatTime, formatWeekdayDate } from '~/lib/format';
import type { AbsenceNoticeView, FormattedDayGroup, FormattedItem, MessageView, TimelineItem } from '~/models/messaging/messaging';

export interface DayGroup {
  /** The Helsinki date, YYYY-MM-DD. */
  date: string;
  items: TimelineItem[];
}

/** Where an absence notice stands in the timeline: its first day's midnight in Helsinki. */
export function absenceNoticeAt(startDate: string): string {
  return helsinkiInstant(startDate).toISOString();
}

/** Messages and absence notices, oldest first; a notice comes before the messages of its day. */
export function mergeTimeline(messages: readonly MessageView[], notices: readonly AbsenceNoticeView[]): TimelineItem[] {
  const items: TimelineItem[] = [...messages, ...notices];
  return items.sort((a, b) => {
    const byTime = Date.parse(a.at) - Date.parse(b.at);
    if (byTime !== 0) return byTime;
    if (a.kind !== b.kind) return a.kind === 'absence' ? -1 : 1;
    return a.kind === 'message' && b.kind === 'message' ? a.id - b.id : 0;
  });
}

/** Consecutive items of the same Helsinki day, in order (the items must be sorted). */
export function groupByHelsinkiDay(items: readonly TimelineItem[]): DayGroup[] {
  const groups: DayGroup[] = [];
  for (const item of items) {
    const date = helsinkiDate(item.at);
    const last = groups.at(-1);
    if (last && last.date === date) last.items.push(item);
    else groups.push({ date, items: [item] });
  }
  return groups;
}

/** "2.6.–5.6.2026" style period of Helsinki dates (both ends shown in full when years differ). */
export function formatPeriod(startDate: string, endDate: string, lang: string): string {
  const start = formatDate(helsinkiInstant(startDate), lang);
  const end = formatDate(helsinkiInstant(endDate), lang);
  return startDate === endDate ? start : `${start}–${end}`;
}

/** The timeline grouped by Helsinki day, with its times and dates formatted on the server. */
export function formatTimeline(items: readonly TimelineItem[], lang: string): FormattedDayGroup[] {
  return groupByHelsinkiDay(items).map((group) => ({
    date: group.date,
    label: formatWeekdayDate(helsinkiInstant(group.date, 12), lang),
    items: group.items.map((item): FormattedItem =>
      item.kind === 'message'
        ? { ...item, time: formatTime(item.at, lang), deletedOn: item.deleted ? formatDateTime(item.deleted.at, lang) : null }
        : { ...item, period: formatPeriod(item.startDate, item.endDate, lang) },
    ),
  }));
}
