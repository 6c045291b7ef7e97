import { describe, expect, it } from 'vitest';
import { encodeSaveAction, firstTab, parseSaveAction } from './save-action';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('saveAction', () => {
  it('round-trips every action type', () => {
    for (const action of [
      { type: 'reload-page' as const },
      { type: 'go-to-reserve-appointment-page' as const, appointmentId: 12 },
      { type: 'go-to-view-appointment-page' as const, appointmentId: 7, tab: 'consent' as const },
      { type: 'go-to-invoice-page' as const, invoiceNumber: '100234' },
    ]) {
      expect(parseSaveAction(encodeSaveAction(action))).toEqual(action);
    }
  });

  it('accepts ids given as strings and padded base64', () => {
    const value = Buffer.from(JSON.stringify({ type: 'go-to-reserve-appointment-page', appointmentId: '42' })).toString('base64');
    expect(parseSaveAction(value.replace(/\+/g, '-').replace(/\//g, '_'))).toEqual({
      type: 'go-to-reserve-appointment-page',
      appointmentId: 42,
    });
  });

  it('ignores unknown, malformed and off-site values', () => {
    expect(parseSaveAction(null)).toBeNull();
    expect(parseSaveAction('')).toBeNull();
    expect(parseSaveAction('%%%')).toBeNull();
    expect(parseSaveAction(b64('not json'))).toBeNull();
    expect(parseSaveAction(b64(JSON.stringify({ type: 'go-to-url', url: 'https://evil.example' })))).toBeNull();
    expect(parseSaveAction(b64(JSON.stringify({ type: 'go-to-invoice-page', invoiceNumber: '../../x' })))).toBeNull();
    expect(parseSaveAction(b64(JSON.stringify({ type: 'go-to-view-appointment-page', appointmentId: -1 })))).toBeNull();
    expect(parseSaveAction('a'.repeat(600))).toBeNull();
  });

  it('opens the consent tab first only for go-to-view-appointment-page with tab consent', () => {
    expect(firstTab(null)).toBe('basic');
    expect(firstTab({ type: 'reload-page' })).toBe('basic');
    expect(firstTab({ type: 'go-to-view-appointment-page', appointmentId: 1 })).toBe('basic');
    expect(firstTab({ type: 'go-to-view-appointment-page', appointmentId: 1, tab: 'consent' })).toBe('consent');
  });
});
