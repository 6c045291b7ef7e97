import { describe, expect, it } from 'vitest';
import { isThreadRead, mustReadAfter } from './read-rules';

const t = (iso: string) => new Date(`2026-03-10T${iso}:00Z`);

describe('read rule (spec 1 §4)', () => {
  it('counts an empty thread as read, even when never opened', () => {
    expect(isThreadRead({ readAt: null, lastMessageAt: null })).toBe(true);
    expect(mustReadAfter({ readAt: null, lastMessageAt: null, assignedToReaderAt: t('10:00') })).toBeNull();
  });

  it('is unread when never read and there is a message', () => {
    expect(isThreadRead({ readAt: null, lastMessageAt: t('10:00') })).toBe(false);
  });

  it('is read when the read time is at or after the last message', () => {
    expect(isThreadRead({ readAt: t('10:00'), lastMessageAt: t('10:00') })).toBe(true);
    expect(isThreadRead({ readAt: t('10:01'), lastMessageAt: t('10:00') })).toBe(true);
    expect(isThreadRead({ readAt: t('09:59'), lastMessageAt: t('10:00') })).toBe(false);
  });

  it('takes the latest of the last message, the assignment to the reader and the professionals’ timestamp', () => {
    const base = { readAt: t('11:00'), lastMessageAt: t('10:00') };
    expect(isThreadRead({ ...base, assignedToReaderAt: t('10:30') })).toBe(true);
    expect(isThreadRead({ ...base, assignedToReaderAt: t('11:30') })).toBe(false);
    expect(isThreadRead({ ...base, professionalsTimestamp: t('11:00') })).toBe(true);
    expect(isThreadRead({ ...base, professionalsTimestamp: t('11:01') })).toBe(false);
    expect(mustReadAfter({ ...base, assignedToReaderAt: t('12:00'), professionalsTimestamp: t('11:30') })).toEqual(t('12:00'));
  });

  it('ignores missing assignment and professionals’ timestamps', () => {
    expect(isThreadRead({ readAt: t('10:00'), lastMessageAt: t('10:00'), assignedToReaderAt: null, professionalsTimestamp: null })).toBe(true);
  });
});
