import { describe, expect, it } from 'vitest';
import type { AbsenceNoticeView, MessageView } from '~/models/messaging/messaging';
import { absenceNoticeAt, formatPeriod, formatTimeline, groupByHelsinkiDay, mergeTimeline } from './view-rules';

const message = (id: number, at: string): MessageView => ({
  kind: 'message',
  id,
  at,
  author: { kind: 'self', name: 'Mikko Korhonen', title: null },
  content: `m${id}`,
  attachments: [],
  questionnaireInvitations: [],
  deleted: null,
});
const notice = (startDate: string, endDate: string): AbsenceNoticeView => ({
  kind: 'absence',
  at: absenceNoticeAt(startDate),
  name: 'Sari Saarinen',
  startDate,
  endDate,
  substituteName: null,
});

describe('grouping by Helsinki day', () => {
  it('splits at midnight in Helsinki, not in UTC (winter +2, summer +3)', () => {
    // 21:59 UTC = 23:59 Helsinki (winter); 22:00 UTC = 00:00 next day.
    const winter = groupByHelsinkiDay([message(1, '2026-01-14T21:59:00Z'), message(2, '2026-01-14T22:00:00Z')]);
    expect(winter.map((g) => [g.date, g.items.length])).toEqual([
      ['2026-01-14', 1],
      ['2026-01-15', 1],
    ]);
    // Summer time: 20:59 UTC = 23:59, 21:00 UTC = 00:00.
    const summer = groupByHelsinkiDay([message(1, '2026-06-14T20:59:00Z'), message(2, '2026-06-14T21:00:00Z'), message(3, '2026-06-15T08:00:00Z')]);
    expect(summer.map((g) => [g.date, g.items.map((i) => (i.kind === 'message' ? i.id : 0))])).toEqual([
      ['2026-06-14', [1]],
      ['2026-06-15', [2, 3]],
    ]);
  });

  it('puts the absence notice in chronological order, before the messages of its first day', () => {
    const items = mergeTimeline(
      [message(1, '2026-03-01T10:00:00Z'), message(3, '2026-03-05T10:00:00Z'), message(2, '2026-03-03T08:00:00Z')],
      [notice('2026-03-03', '2026-03-04')],
    );
    expect(items.map((i) => (i.kind === 'message' ? `m${i.id}` : 'absence'))).toEqual(['m1', 'absence', 'm2', 'm3']);
    expect(notice('2026-03-03', '2026-03-04').at).toBe('2026-03-02T22:00:00.000Z');
  });

  it('formats the day headings, times and absence periods on the server', () => {
    const [first, second] = formatTimeline(mergeTimeline([message(1, '2026-06-02T05:07:00Z')], [notice('2026-06-10', '2026-06-12')]), 'fi');
    expect(first).toMatchObject({ date: '2026-06-02', label: 'ti 2.6.2026' });
    expect(first!.items[0]).toMatchObject({ time: '8:07' });
    expect(second!.items[0]).toMatchObject({ period: '10.6.2026–12.6.2026' });
    expect(formatPeriod('2026-06-10', '2026-06-10', 'en')).toBe('10 June 2026');
  });
});
