import type { Extension } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { MUTABILITY_EXTENSION, mutabilityAllows, mutabilityCheck, mutabilityOf } from './mutability';

const NOW = new Date('2026-03-02T10:00:00Z');
const mutable = (...parts: Extension[]) => ({ extension: [{ url: MUTABILITY_EXTENSION, extension: parts }] });

describe("mutabilityCheck (the IG's AppointmentMutability)", () => {
  it('allows both changes without the extension', () => {
    expect(mutabilityCheck({}, 'move', NOW)).toBe('ok');
    expect(mutabilityCheck({ extension: [{ url: 'https://example.org/other', valueBoolean: false }] }, 'cancel', NOW)).toBe('ok');
  });
  it('reads Cancellable for a cancel and Reschedulable for a move, each on its own', () => {
    const a = mutable({ url: 'Cancellable', valueBoolean: true }, { url: 'Reschedulable', valueBoolean: false });
    expect(mutabilityCheck(a, 'cancel', NOW)).toBe('ok');
    expect(mutabilityCheck(a, 'move', NOW)).toBe('notAllowed');
    const b = mutable({ url: 'Cancellable', valueBoolean: false });
    expect(mutabilityCheck(b, 'cancel', NOW)).toBe('notAllowed');
    expect(mutabilityCheck(b, 'move', NOW)).toBe('ok');
  });
  it('refuses after NotAfter, allows until it', () => {
    const a = mutable({ url: 'Reschedulable', valueBoolean: true }, { url: 'NotAfter', valueDateTime: '2026-03-02T10:00:00Z' });
    expect(mutabilityCheck(a, 'move', NOW)).toBe('ok');
    expect(mutabilityCheck(a, 'move', new Date(NOW.getTime() + 1000))).toBe('tooLate');
    expect(mutabilityCheck(a, 'cancel', new Date(NOW.getTime() + 1000))).toBe('tooLate');
  });
});

describe('mutabilityOf and mutabilityAllows (the rules the read model stores for the pages)', () => {
  it('reads each part, null where it is absent, and checks the stored rules as the Appointment', () => {
    expect(mutabilityOf({})).toEqual({ cancellable: null, reschedulable: null, notAfter: null });
    const a = mutable({ url: 'Cancellable', valueBoolean: false }, { url: 'NotAfter', valueDateTime: '2026-03-02T10:00:00Z' });
    const rules = mutabilityOf(a);
    expect(rules).toEqual({ cancellable: false, reschedulable: null, notAfter: new Date('2026-03-02T10:00:00Z') });
    for (const change of ['cancel', 'move'] as const) {
      for (const at of [NOW, new Date(NOW.getTime() + 1000)]) expect(mutabilityAllows(rules, change, at)).toBe(mutabilityCheck(a, change, at));
    }
  });
});
