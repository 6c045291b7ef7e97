/** Shared setup of the insurance specs (insurance.spec.ts, a11y.spec.ts). */
import type { APIRequestContext } from '@playwright/test';
import { expect, freshSlot } from '../fixtures';
import { dayAhead } from '../../fixtures/clock';

/** freshSlot() parameters of a free time insurers pay for, and a fresh patient with the consent and saved contact details. */
const INSURANCE_SLOT = {
  specialtyId: 'YLE',
  payerTypes: 'insurance',
  patient: 'new',
  consent: '1',
  phone: '+358401112233',
  email: 'insured@example.fi',
} as const;

/** A fresh insurance time and patient; with `insurer`, the patient is that insurer's customer at the test insurer. */
export async function insuranceCustomer(
  request: APIRequestContext,
  options: { insurer?: 'LAHITAPIOLA' | 'OP'; permits?: string; failingPermit?: string; slot?: Record<string, string> } = {},
) {
  const slot = await freshSlot(request, { ...INSURANCE_SLOT, ...options.slot });
  if (options.insurer) {
    const query = new URLSearchParams({ identityCode: slot.patient!.identityCode, insurer: options.insurer });
    if (options.permits) query.set('permits', options.permits);
    if (options.failingPermit) query.set('failingPermit', options.failingPermit);
    const response = await request.get(`/dev/test-fixtures/insurance?${query}`);
    expect(response.ok()).toBeTruthy();
  }
  return slot;
}

/** d.M.yyyy of a date this many days ahead (Helsinki), as permits are shown. */
export function permitDateIn(days: number): string {
  const iso = dayAhead(days);
  const [y, m, d] = iso.split('-').map(Number);
  return `${d}.${m}.${y}`;
}
