import { describe, expect, it } from 'vitest';
import { payerOfAppointment } from './index.server';

describe('payerOfAppointment', () => {
  it('is the payer the portal booked the appointment with, by its payer type, and none for another type', () => {
    expect(payerOfAppointment('self')?.key).toBe('self');
    expect(payerOfAppointment('occupationalHealthCare')?.key).toBe('occupational');
    expect(payerOfAppointment('insurance')?.key).toBe('insurance');
    expect(payerOfAppointment('insuranceAndOccupationalHealthCare')).toBeNull();
    expect(payerOfAppointment('other')).toBeNull();
  });
});
