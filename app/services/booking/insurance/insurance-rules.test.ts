import { describe, expect, it } from 'vitest';
import {
  bookingConceptCode,
  choiceComplete,
  conceptCodeFor,
  dcpStateForPolicyCheck,
  dcpStateForReturn,
  EMPTY_CHOICE,
  insurerSubStep,
  isUnderageCustomer,
  knownConceptCodes,
  permitChannel,
  permitDate,
  reimbursementOptions,
  reimbursementAllowsTime,
  reimbursementRefusal,
} from './insurance-rules';

describe('concept codes by brand (spec 3 §3)', () => {
  it('main brand: IF use-reimbursement 90157, company and pay-and-reimburse 758236, OP 999503', () => {
    expect(conceptCodeFor('general', 'IF', 'USE_REIMBURSEMENT')).toBe('90157');
    expect(conceptCodeFor('general', 'IF', 'COMPANY_REIMBURSEMENT')).toBe('758236');
    expect(conceptCodeFor('general', 'IF', 'PAY_AND_REIMBURSE')).toBe('758236');
    expect(conceptCodeFor('general', 'OP', null)).toBe('999503');
    expect(conceptCodeFor('general', 'AKTIA', null)).toBeNull();
    expect(knownConceptCodes('general').sort()).toEqual(['758236', '90157', '999503']);
  });

  it('child brand: IF use-reimbursement 90157, pay-and-reimburse 758236, OP 999503; no company option', () => {
    expect(conceptCodeFor('children', 'IF', 'USE_REIMBURSEMENT')).toBe('90157');
    expect(conceptCodeFor('children', 'IF', 'PAY_AND_REIMBURSE')).toBe('758236');
    expect(conceptCodeFor('children', 'IF', 'COMPANY_REIMBURSEMENT')).toBeNull();
    expect(conceptCodeFor('children', 'OP', null)).toBe('999503');
    expect(reimbursementOptions('children', false).map((o) => o.value)).toEqual(['PAY_AND_REIMBURSE', 'USE_REIMBURSEMENT']);
  });

  it('the concept a complete choice books with', () => {
    expect(bookingConceptCode('general', { ...EMPTY_CHOICE, insurer: 'IF', reimbursement: 'USE_REIMBURSEMENT', conceptCode: '90157' })).toBe('90157');
    expect(bookingConceptCode('general', { ...EMPTY_CHOICE, insurer: 'OP', opState: 'found' })).toBe('999503');
    expect(bookingConceptCode('general', { ...EMPTY_CHOICE, insurer: 'FENNIA' })).toBeNull();
  });
});

describe("IF's reimbursement choice", () => {
  it('disables the company insurance for remote appointments, and the server refuses it', () => {
    expect(reimbursementOptions('general', true)).toEqual([
      { value: 'PAY_AND_REIMBURSE', disabled: false },
      { value: 'COMPANY_REIMBURSEMENT', disabled: true },
      { value: 'USE_REIMBURSEMENT', disabled: false },
    ]);
    expect(reimbursementRefusal('general', true, 'COMPANY_REIMBURSEMENT', false)).toBe('unavailable');
    expect(reimbursementRefusal('general', false, 'COMPANY_REIMBURSEMENT', false)).toBeNull();
    expect(reimbursementRefusal('children', false, 'COMPANY_REIMBURSEMENT', false)).toBe('unavailable');
  });

  it('a booked choice pays a new time unless it is the company insurance and the time is remote (a move re-checks it)', () => {
    expect(reimbursementAllowsTime('COMPANY_REIMBURSEMENT', true)).toBe(false);
    expect(reimbursementAllowsTime('COMPANY_REIMBURSEMENT', false)).toBe(true);
    expect(reimbursementAllowsTime('USE_REIMBURSEMENT', true)).toBe(true);
    expect(reimbursementAllowsTime('PAY_AND_REIMBURSE', true)).toBe(true);
  });

  it('direct reimbursement needs the consent', () => {
    expect(reimbursementRefusal('general', false, 'USE_REIMBURSEMENT', false)).toBe('consentRequired');
    expect(reimbursementRefusal('general', false, 'USE_REIMBURSEMENT', true)).toBeNull();
    expect(reimbursementRefusal('general', false, 'PAY_AND_REIMBURSE', false)).toBeNull();
  });
});

describe('the insurer step', () => {
  it('asks the insurer first; any other insurer is complete once chosen', () => {
    expect(insurerSubStep(EMPTY_CHOICE)).toEqual({ step: 'chooseInsurer' });
    expect(insurerSubStep({ ...EMPTY_CHOICE, insurer: 'FENNIA' })).toEqual({ step: 'complete' });
    expect(insurerSubStep({ ...EMPTY_CHOICE, insurer: 'OTHER' })).toEqual({ step: 'complete' });
  });

  it('IF needs the recorded reimbursement choice', () => {
    expect(insurerSubStep({ ...EMPTY_CHOICE, insurer: 'IF' })).toEqual({ step: 'ifReimbursement' });
    expect(insurerSubStep({ ...EMPTY_CHOICE, insurer: 'IF', reimbursement: 'PAY_AND_REIMBURSE' })).toEqual({ step: 'ifReimbursement' });
    expect(choiceComplete({ ...EMPTY_CHOICE, insurer: 'IF', reimbursement: 'PAY_AND_REIMBURSE', conceptCode: '758236' })).toBe(true);
  });

  it('LähiTapiola needs a selected permit (or the automatic underage result); every other state stays in the sub-flow', () => {
    for (const state of [
      'not_asked',
      'insurance_not_found',
      'insurance_found_no_permits',
      'insurance_found_with_permits',
      'denied',
      'canceled',
      'error',
    ] as const) {
      expect(insurerSubStep({ ...EMPTY_CHOICE, insurer: 'LAHITAPIOLA', dcpState: state })).toEqual({ step: 'lahitapiola', state });
    }
    expect(choiceComplete({ ...EMPTY_CHOICE, insurer: 'LAHITAPIOLA', dcpState: 'success', dcpPermitHash: 'h' })).toBe(true);
    expect(choiceComplete({ ...EMPTY_CHOICE, insurer: 'LAHITAPIOLA', dcpState: 'underageCustomer' })).toBe(true);
  });

  it('OP needs a verification or its dismissal', () => {
    expect(insurerSubStep({ ...EMPTY_CHOICE, insurer: 'OP' })).toEqual({ step: 'opVerification', state: 'undefined' });
    expect(insurerSubStep({ ...EMPTY_CHOICE, insurer: 'OP', opState: 'not_found' })).toEqual({ step: 'opVerification', state: 'not_found' });
    expect(insurerSubStep({ ...EMPTY_CHOICE, insurer: 'OP', opState: 'error' })).toEqual({ step: 'opVerification', state: 'error' });
    expect(choiceComplete({ ...EMPTY_CHOICE, insurer: 'OP', opState: 'found' })).toBe(true);
    expect(choiceComplete({ ...EMPTY_CHOICE, insurer: 'OP', opState: 'canceled' })).toBe(true);
  });
});

describe('direct compensation (spec 3 §4)', () => {
  it('the policy check: not found, found without permits, found with permits, error', () => {
    expect(dcpStateForPolicyCheck({ type: 'error' }, null)).toBe('error');
    expect(dcpStateForPolicyCheck({ type: 'success', hasHealthcarePolicy: false }, null)).toBe('insurance_not_found');
    expect(dcpStateForPolicyCheck({ type: 'success', hasHealthcarePolicy: true }, { type: 'success', count: 0 })).toBe('insurance_found_no_permits');
    expect(dcpStateForPolicyCheck({ type: 'success', hasHealthcarePolicy: true }, { type: 'success', count: 2 })).toBe('insurance_found_with_permits');
    expect(dcpStateForPolicyCheck({ type: 'success', hasHealthcarePolicy: true }, { type: 'error' })).toBe('error');
  });

  it("the insurer's return statuses", () => {
    expect(dcpStateForReturn('directcompensationallowed')).toBe('success');
    expect(dcpStateForReturn('directcompensationdenied')).toBe('denied');
    expect(dcpStateForReturn('cancel')).toBe('canceled');
    expect(dcpStateForReturn('error')).toBe('error');
  });

  it('underage: under 18 without a guardian; channel m in in-app booking; permit dates d.M.yyyy', () => {
    expect(isUnderageCustomer('2008-11-25', '2026-11-24', false)).toBe(true);
    expect(isUnderageCustomer('2008-11-24', '2026-11-24', false)).toBe(false);
    expect(isUnderageCustomer('2010-01-01', '2026-11-24', true)).toBe(false);
    expect(permitChannel(true)).toBe('m');
    expect(permitChannel(false)).toBe('w');
    expect(permitDate('2027-03-05')).toBe('5.3.2027');
  });
});
