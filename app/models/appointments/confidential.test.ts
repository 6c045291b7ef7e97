/**
 * The rules of a minor's confidential visits (ADR 0034): what a guardian sees of a ward by age,
 * of each appointment and invoice, and what the appointment page offers the young patient.
 * The SQL in app/services/people/viewer.server.ts is checked against these functions on a real
 * database (tests/integration/people/confidential-visits.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { guardianScopeOf, mayHideFromGuardians } from '../person';
import { confidentialControl, guardianSeesAppointment, guardianSeesInvoice, guardianSeesInvoiceService } from './confidential';

const GUARDIAN = 'g';
const OTHER = 'o';

describe('guardianScopeOf', () => {
  it('is everything under 12, own bookings from the 12th birthday to 17, nothing from 18', () => {
    expect(guardianScopeOf('2014-11-25', '2026-11-24')).toBe('all'); // 11, the day before
    expect(guardianScopeOf('2014-11-25', '2026-11-25')).toBe('ownBookings'); // the 12th birthday
    expect(guardianScopeOf('2011-09-03', '2026-11-25')).toBe('ownBookings'); // 15
    expect(guardianScopeOf('2008-11-26', '2026-11-25')).toBe('ownBookings'); // 17, the day before 18
    expect(guardianScopeOf('2008-11-25', '2026-11-25')).toBe('none'); // 18
  });

  it('counts a leap-day birthday by the one age rule: 12 falls on 29 February, 18 on 28 February of a common year', () => {
    expect(guardianScopeOf('2012-02-29', '2024-02-28')).toBe('all');
    expect(guardianScopeOf('2012-02-29', '2024-02-29')).toBe('ownBookings');
    expect(guardianScopeOf('2008-02-29', '2026-02-27')).toBe('ownBookings');
    expect(guardianScopeOf('2008-02-29', '2026-02-28')).toBe('none');
  });
});

describe('mayHideFromGuardians', () => {
  it('is 12–17 only', () => {
    expect(mayHideFromGuardians('2014-11-26', '2026-11-25')).toBe(false); // 11
    expect(mayHideFromGuardians('2014-11-25', '2026-11-25')).toBe(true); // 12
    expect(mayHideFromGuardians('2008-11-26', '2026-11-25')).toBe(true); // 17
    expect(mayHideFromGuardians('2008-11-25', '2026-11-25')).toBe(false); // 18
  });
});

describe('guardianSeesAppointment', () => {
  const open = (bookedById: string | null) => ({ bookedById, confidentialBy: null });
  it('under 12: every appointment that is not confidential, whoever booked it', () => {
    expect(guardianSeesAppointment('all', open(null), GUARDIAN)).toBe(true);
    expect(guardianSeesAppointment('all', open(OTHER), GUARDIAN)).toBe(true);
    expect(guardianSeesAppointment('all', { bookedById: GUARDIAN, confidentialBy: 'professional' }, GUARDIAN)).toBe(false);
  });
  it('12–17: only what the guardian booked, and not once it is confidential', () => {
    expect(guardianSeesAppointment('ownBookings', open(GUARDIAN), GUARDIAN)).toBe(true);
    expect(guardianSeesAppointment('ownBookings', open(OTHER), GUARDIAN)).toBe(false);
    expect(guardianSeesAppointment('ownBookings', open(null), GUARDIAN)).toBe(false);
    expect(guardianSeesAppointment('ownBookings', { bookedById: GUARDIAN, confidentialBy: 'patient' }, GUARDIAN)).toBe(false);
    expect(guardianSeesAppointment('ownBookings', { bookedById: GUARDIAN, confidentialBy: 'professional' }, GUARDIAN)).toBe(false);
  });
  it('18 or more: nothing', () => {
    expect(guardianSeesAppointment('none', open(GUARDIAN), GUARDIAN)).toBe(false);
  });
});

describe('invoices', () => {
  it('under 12 every invoice; 12–17 those addressed to the guardian; 18 none', () => {
    expect(guardianSeesInvoice('all', { addresseeId: null }, GUARDIAN)).toBe(true);
    expect(guardianSeesInvoice('ownBookings', { addresseeId: GUARDIAN }, GUARDIAN)).toBe(true);
    expect(guardianSeesInvoice('ownBookings', { addresseeId: null }, GUARDIAN)).toBe(false);
    expect(guardianSeesInvoice('ownBookings', { addresseeId: OTHER }, GUARDIAN)).toBe(false);
    expect(guardianSeesInvoice('none', { addresseeId: GUARDIAN }, GUARDIAN)).toBe(false);
  });
  it("hide a confidential visit's service", () => {
    expect(guardianSeesInvoiceService(null)).toBe(true);
    expect(guardianSeesInvoiceService({ confidentialBy: null })).toBe(true);
    expect(guardianSeesInvoiceService({ confidentialBy: 'patient' })).toBe(false);
    expect(guardianSeesInvoiceService({ confidentialBy: 'professional' })).toBe(false);
  });
});

describe('confidentialControl', () => {
  const today = '2026-11-25';
  const fifteen = '2011-09-03';
  it('offers a minor of 12–17 to hide their own visit, and to show it again', () => {
    expect(confidentialControl({ isOwn: true, patientBirthDate: fifteen, confidentialBy: null }, today)).toBe('hide');
    expect(confidentialControl({ isOwn: true, patientBirthDate: fifteen, confidentialBy: 'patient' }, today)).toBe('show');
  });
  it("says when a professional hid it (only the staff lift that), and offers nothing on another's or to an adult or a child", () => {
    expect(confidentialControl({ isOwn: true, patientBirthDate: fifteen, confidentialBy: 'professional' }, today)).toBe('professional');
    expect(confidentialControl({ isOwn: false, patientBirthDate: fifteen, confidentialBy: null }, today)).toBeNull();
    expect(confidentialControl({ isOwn: true, patientBirthDate: '1990-01-01', confidentialBy: null }, today)).toBeNull();
    expect(confidentialControl({ isOwn: true, patientBirthDate: '2018-05-12', confidentialBy: null }, today)).toBeNull();
  });
});
