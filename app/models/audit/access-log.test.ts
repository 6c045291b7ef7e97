import { describe, expect, it } from 'vitest';
import texts from '~/i18n/resources/access-log';
import {
  ACCESS_LOG_RESOURCE,
  ACCESS_REASONS,
  ACTOR_KINDS,
  RECORD_TYPES,
  actionOf,
  defaultActorKind,
  recordTypeOf,
  sameAct,
  storedActorKind,
  whoOf,
} from './access-log';
import { formatCursor, parseCursor, accessLogFilterSchema } from './access-log-filter';

const ME = '11111111-1111-4111-8111-111111111111';
const WARD = '22222222-2222-4222-8222-222222222222';
const PRO = '33333333-3333-4333-8333-333333333333';

describe('who acted', () => {
  it('defaults: nobody identified is anonymous, the subject is the patient, anyone else their guardian', () => {
    expect(defaultActorKind({ actorPersonId: null, subjectPersonId: ME })).toBe('anonymous');
    expect(defaultActorKind({ actorPersonId: ME, subjectPersonId: ME })).toBe('patient');
    expect(defaultActorKind({ actorPersonId: ME, subjectPersonId: WARD })).toBe('guardian');
  });

  it('keeps a stored kind, and derives an old row’s from professionals', () => {
    expect(storedActorKind({ actorKind: 'customer-service', actorPersonId: null, subjectPersonId: ME, actorIsProfessional: false })).toBe('customer-service');
    expect(storedActorKind({ actorKind: null, actorPersonId: PRO, subjectPersonId: ME, actorIsProfessional: true })).toBe('professional');
    expect(storedActorKind({ actorKind: null, actorPersonId: ME, subjectPersonId: WARD, actorIsProfessional: false })).toBe('guardian');
    // A professional reading their own data as a patient is the patient.
    expect(storedActorKind({ actorKind: null, actorPersonId: PRO, subjectPersonId: PRO, actorIsProfessional: true })).toBe('patient');
    expect(storedActorKind({ actorKind: 'bogus', actorPersonId: null, subjectPersonId: ME, actorIsProfessional: false })).toBe('anonymous');
  });

  it('says "you" to the viewer, names the subject, a guardian and a professional with role', () => {
    const viewer = { personId: ME, subjectName: 'Eino Nieminen' };
    expect(whoOf({ actorKind: 'patient', actorPersonId: ME, actorName: null, actorRole: null }, viewer)).toEqual({ kind: 'you' });
    expect(whoOf({ actorKind: 'guardian', actorPersonId: ME, actorName: 'Laura N', actorRole: null }, viewer)).toEqual({ kind: 'you' });
    expect(whoOf({ actorKind: 'patient', actorPersonId: WARD, actorName: null, actorRole: null }, viewer)).toEqual({ kind: 'subject', name: 'Eino Nieminen' });
    expect(whoOf({ actorKind: 'guardian', actorPersonId: PRO, actorName: 'Jussi N', actorRole: null }, viewer)).toEqual({ kind: 'guardian', name: 'Jussi N' });
    expect(whoOf({ actorKind: 'professional', actorPersonId: PRO, actorName: 'Hanna Hakala', actorRole: 'Nurse' }, viewer)).toEqual({
      kind: 'professional',
      name: 'Hanna Hakala',
      role: 'Nurse',
    });
    expect(whoOf({ actorKind: 'system', actorPersonId: ME, actorName: null, actorRole: null }, viewer)).toEqual({ kind: 'system' });
    expect(whoOf({ actorKind: 'anonymous', actorPersonId: null, actorName: null, actorRole: null }, viewer)).toEqual({ kind: 'anonymous' });
  });
});

describe('what was handled', () => {
  it.each([
    ['session', 'session'],
    ['session:sms-code', 'session'],
    ['person:contact', 'contact'],
    ['person:kela-card', 'kelaCard'],
    ['appointment', 'appointment'],
    ['appointment:anonymous-link', 'appointment'],
    ['appointment:check-in', 'appointment'],
    ['invoice-pdf', 'invoice'],
    ['messaging-thread', 'messages'],
    ['lab-referral', 'referral'],
    ['imaging-referral', 'referral'],
    ['lab-result-day', 'laboratory'],
    ['lab-test', 'laboratory'],
    ['sick-leave-certificate:pdf', 'certificate'],
    ['feed:visit', 'visit'],
    ['feed:something-new', 'frontPage'],
    ['insurance:permits', 'insurance'],
    ['access-log', 'accessLog'],
    ['something-new', 'other'],
  ])('%s is %s', (resource, type) => {
    expect(recordTypeOf(resource)).toBe(type);
  });

  it('names the page’s own resource as the partial index’s predicate does (a literal there)', () => {
    expect(ACCESS_LOG_RESOURCE).toBe('access-log');
  });

  it('reads an unknown action as "handled"', () => {
    expect(actionOf('view')).toBe('view');
    expect(actionOf('export')).toBe('other');
  });

  it('groups the rows of one act only', () => {
    const row = { at: '2026-01-01T10:00:00.000000Z', actorPersonId: ME, actorKind: 'patient' as const, action: 'view', resource: 'prescription', reason: null };
    expect(sameAct(row, { ...row })).toBe(true);
    expect(sameAct(row, { ...row, at: '2026-01-01T10:00:00.000001Z' })).toBe(false);
    expect(sameAct(row, { ...row, resource: 'visit' })).toBe(false);
    expect(sameAct(row, { ...row, actorKind: 'guardian' })).toBe(false);
  });

  it('has a text for every kind, type, action and reason in every language', () => {
    for (const lang of ['fi', 'sv', 'en'] as const) {
      const t = texts[lang];
      for (const kind of ACTOR_KINDS.filter((k) => k !== 'patient' && k !== 'guardian' && k !== 'professional')) expect(t.who[kind]).toBeTruthy();
      for (const type of RECORD_TYPES) expect(t.type[type], `${lang} ${type}`).toBeTruthy();
      for (const reason of ACCESS_REASONS) expect(t.reason[reason], `${lang} ${reason}`).toBeTruthy();
      for (const action of ['view', 'change', 'create', 'login', 'logout', 'refused', 'other'] as const) expect(t.action[action]).toBeTruthy();
    }
  });
});

describe('period and cursor', () => {
  it('accepts empty or real days in order, and names the wrong field', () => {
    expect(accessLogFilterSchema.parse({ from: '', to: '' })).toEqual({ from: undefined, to: undefined });
    expect(accessLogFilterSchema.parse({ from: '2026-01-01', to: '2026-01-01' })).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    const wrongDay = accessLogFilterSchema.safeParse({ from: '2026-02-30', to: '' });
    expect(wrongDay.success).toBe(false);
    expect(wrongDay.error?.issues[0]).toMatchObject({ path: ['from'], message: 'accessLog.errors.date' });
    const reversed = accessLogFilterSchema.safeParse({ from: '2026-02-02', to: '2026-02-01' });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['to'], message: 'accessLog.errors.order' });
  });

  it('round-trips a cursor to the microsecond and refuses anything else', () => {
    const cursor = { at: '2026-11-25T08:30:01.123456Z', id: 42 };
    expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
    expect(parseCursor(null)).toBeNull();
    expect(parseCursor('2026-11-25T08:30:01Z_42')).toBeNull();
    expect(parseCursor("2026-11-25T08:30:01.123456Z_1'; drop table")).toBeNull();
  });
});
