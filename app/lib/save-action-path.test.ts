import { describe, expect, it } from 'vitest';
import { encodeSaveAction, parseSaveAction } from '~/models/save-action';
import { saveActionPath } from './save-action-path';

const reload = '/en/my-information';

describe('saveActionPath', () => {
  it('leads to the reserve and appointment pages of the route table', () => {
    expect(saveActionPath({ type: 'go-to-reserve-appointment-page', appointmentId: 12 }, 'fi', reload)).toBe('/fi/vapaat-ajat/12');
    expect(saveActionPath({ type: 'go-to-view-appointment-page', appointmentId: 7, tab: 'consent' }, 'en', reload)).toBe('/en/appointments/7');
  });
  it('leads to the pay page of the invoice', () => {
    expect(saveActionPath({ type: 'go-to-invoice-page', invoiceNumber: '2026001' }, 'fi', reload)).toBe('/fi/maksa/2026001');
  });
  it('reloads for reload-page or no action', () => {
    expect(saveActionPath({ type: 'reload-page' }, 'en', reload)).toBe(reload);
    expect(saveActionPath(null, 'en', reload)).toBe(reload);
  });
  it('never leaves the portal, whatever the query holds', () => {
    const hostile = Buffer.from(JSON.stringify({ type: 'go-to-url', url: 'https://evil.example' })).toString('base64url');
    expect(saveActionPath(parseSaveAction(hostile), 'en', reload)).toBe(reload);
    const encoded = encodeSaveAction({ type: 'go-to-reserve-appointment-page', appointmentId: 3 });
    expect(saveActionPath(parseSaveAction(encoded), 'sv', reload)).toBe('/sv/lediga-tider/3');
  });
});
