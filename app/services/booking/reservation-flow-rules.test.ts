import { describe, expect, it } from 'vitest';
import { ageOn, guardianBooksFor } from '~/models/person';
import { answerForResult, reserveStep, stepOnPost, type ReservationOutcome, type ReserveFacts } from './reservation-flow-rules';

const open = { state: 'open', requiresAuth: false } as const;
const patient = { isPatient: true, patientDataConsentGiven: true, eligible: true };

const facts = (over: Partial<ReserveFacts> = {}): ReserveFacts => ({
  slot: open,
  receipt: false,
  brand: 'general',
  choice: null,
  visitor: null,
  ...over,
});

describe('reserveStep', () => {
  it('shows the confirmation to the holder of the receipt, whatever else holds', () => {
    expect(reserveStep(facts({ receipt: true }))).toEqual({ step: 'success' });
    expect(reserveStep(facts({ receipt: true, slot: { state: 'reserved' }, visitor: patient }))).toEqual({ step: 'success' });
    expect(reserveStep(facts({ receipt: true, brand: 'children', choice: 'child' }))).toEqual({ step: 'success' });
  });

  it('says "not found" and "already reserved" before any other step', () => {
    expect(reserveStep(facts({ slot: { state: 'notFound' } }))).toEqual({ step: 'notFound' });
    expect(reserveStep(facts({ slot: { state: 'reserved' } }))).toEqual({ step: 'reserved' });
    const unregistered = { isPatient: false, patientDataConsentGiven: false, eligible: true };
    expect(reserveStep(facts({ slot: { state: 'reserved' }, visitor: unregistered }))).toEqual({ step: 'reserved' });
    expect(reserveStep(facts({ slot: { state: 'notFound' }, brand: 'children' }))).toEqual({ step: 'notFound' });
  });

  it('sends anonymous visitors of a time that needs identification to identify', () => {
    expect(reserveStep(facts({ slot: { state: 'open', requiresAuth: true } }))).toEqual({ step: 'identify' });
    expect(reserveStep(facts({ slot: { state: 'open', requiresAuth: true }, brand: 'children', choice: 'self' }))).toEqual({
      step: 'identify',
    });
    // A logged-in visitor has identified already.
    expect(reserveStep(facts({ slot: { state: 'open', requiresAuth: true }, visitor: patient }))).toEqual({
      step: 'form',
      who: 'user',
    });
  });

  it("asks anonymous visitors of the children's brand whose appointment it is", () => {
    expect(reserveStep(facts({ brand: 'children' }))).toEqual({ step: 'choice' });
    expect(reserveStep(facts({ brand: 'children', choice: 'somebody' }))).toEqual({ step: 'choice' });
    expect(reserveStep(facts({ brand: 'children', choice: 'self' }))).toEqual({ step: 'form', who: 'anonymous' });
    // The general brand never asks, and ignores the parameter.
    expect(reserveStep(facts({ brand: 'general' }))).toEqual({ step: 'form', who: 'anonymous' });
    expect(reserveStep(facts({ brand: 'general', choice: 'child' }))).toEqual({ step: 'form', who: 'anonymous' });
  });

  it("never leads a child's appointment to a form that would book for the guardian", () => {
    // Anonymous: the guardian identifies first (also for a time that needs no identification).
    expect(reserveStep(facts({ brand: 'children', choice: 'child' }))).toEqual({ step: 'identify' });
    expect(reserveStep(facts({ brand: 'children', choice: 'child', slot: { state: 'open', requiresAuth: true } }))).toEqual({
      step: 'identify',
    });
    // Logged in without a ward to act for: told so, never their own form.
    expect(reserveStep(facts({ brand: 'children', choice: 'child', visitor: patient }))).toEqual({ step: 'noWards' });
    const unregistered = { isPatient: false, patientDataConsentGiven: false, eligible: true };
    expect(reserveStep(facts({ brand: 'children', choice: 'child', visitor: unregistered }))).toEqual({ step: 'noWards' });
  });

  it('lets a guardian pick the ward, register them and give their consent, then books for the ward', () => {
    type Chosen = NonNullable<NonNullable<ReserveFacts['visitor']>['guardian']>['chosen'];
    const guardian = (chosen: Chosen, over: Partial<NonNullable<ReserveFacts['visitor']>> = {}) =>
      facts({ brand: 'children', choice: 'child', visitor: { ...patient, ...over, guardian: { youngWards: 1, chosen } } });
    expect(reserveStep(guardian('none'))).toEqual({ step: 'wardChoice' });
    expect(reserveStep(guardian('notRegistered'))).toEqual({ step: 'childRegistration' });
    expect(reserveStep(guardian('noConsent'))).toEqual({ step: 'childConsent' });
    expect(reserveStep(guardian('ok'))).toEqual({ step: 'form', who: 'guardian' });
    // The child's registration and consent come before the guardian's billing check and the form.
    expect(reserveStep(guardian('notRegistered', { eligible: false }))).toEqual({ step: 'childRegistration' });
    expect(reserveStep(guardian('noConsent', { isPatient: false, patientDataConsentGiven: false }))).toEqual({ step: 'childConsent' });
    // The guardian's own registration and consent are not asked (the child is the patient)...
    expect(reserveStep(guardian('ok', { isPatient: false, patientDataConsentGiven: false }))).toEqual({ step: 'form', who: 'guardian' });
    // ...but the guardian pays: their billing block applies.
    expect(reserveStep(guardian('ok', { eligible: false }))).toEqual({ step: 'interrupted' });
    // A logged-in guardian is asked whose appointment it is; on the general brand only for a time for children.
    const laura = { ...patient, guardian: { youngWards: 1, chosen: 'none' as const } };
    expect(reserveStep(facts({ brand: 'children', visitor: laura }))).toEqual({ step: 'choice' });
    expect(reserveStep(facts({ brand: 'children', choice: 'self', visitor: laura }))).toEqual({ step: 'form', who: 'user' });
    expect(reserveStep(facts({ brand: 'general', visitor: laura }))).toEqual({ step: 'form', who: 'user' });
  });

  it('books through customer service only when the population register cannot be asked', () => {
    const asked = (registerUnavailable: boolean, youngWards = 1) =>
      facts({ brand: 'children', choice: 'child', visitor: { ...patient, guardian: { youngWards, chosen: 'none', registerUnavailable } } });
    expect(reserveStep(asked(true))).toEqual({ step: 'childByPhone' });
    expect(reserveStep(asked(true, 0))).toEqual({ step: 'childByPhone' });
    expect(reserveStep(asked(false))).toEqual({ step: 'wardChoice' });
    expect(reserveStep(asked(false, 0))).toEqual({ step: 'noWards' });
  });

  it('asks whose appointment it is on the general brand too, for a time for children', () => {
    const childrens = { state: 'open', requiresAuth: false, forChildren: true } as const;
    expect(reserveStep(facts({ slot: childrens }))).toEqual({ step: 'choice' });
    expect(reserveStep(facts({ slot: childrens, choice: 'child' }))).toEqual({ step: 'identify' });
    expect(reserveStep(facts({ slot: childrens, choice: 'self' }))).toEqual({ step: 'form', who: 'anonymous' });
  });

  it('takes a logged-in user through registration, then the consent, then the billing check, to the form', () => {
    const user = (over: Partial<NonNullable<ReserveFacts['visitor']>>) => facts({ visitor: { ...patient, ...over } });
    expect(reserveStep(user({ isPatient: false, patientDataConsentGiven: false, eligible: false }))).toEqual({ step: 'registration' });
    expect(reserveStep(user({ patientDataConsentGiven: false, eligible: false }))).toEqual({ step: 'consent' });
    expect(reserveStep(user({ eligible: false }))).toEqual({ step: 'interrupted' });
    expect(reserveStep(user({}))).toEqual({ step: 'form', who: 'user' });
    // On the children's brand a logged-in user books their own appointment without the choice.
    expect(reserveStep(facts({ brand: 'children', visitor: patient }))).toEqual({ step: 'form', who: 'user' });
    expect(reserveStep(facts({ brand: 'children', choice: 'self', visitor: patient }))).toEqual({ step: 'form', who: 'user' });
  });
});

describe('stepOnPost', () => {
  it('books nothing when the visitor is not at the form', () => {
    for (const step of ['notFound', 'reserved', 'success'] as const) {
      expect(stepOnPost({ step })).toEqual({ type: 'refused', failure: 'appointmentNotAvailable', status: 409 });
    }
    for (const step of [
      'identify',
      'choice',
      'childByPhone',
      'childRegistration',
      'childConsent',
      'wardChoice',
      'noWards',
      'registration',
      'consent',
      'interrupted',
    ] as const) {
      expect(stepOnPost({ step })).toEqual({ type: 'go', step: { step } });
    }
  });
});

describe('answerForResult', () => {
  const cases: [ReservationOutcome, boolean, ReturnType<typeof answerForResult>][] = [
    [{ type: 'success' }, true, { type: 'go', step: { step: 'success' } }],
    [{ type: 'success' }, false, { type: 'go', step: { step: 'success' } }],
    [
      { type: 'validation', fields: { phone: ['validation.phone'] } },
      true,
      { type: 'refused', failure: null, status: 400, fieldErrors: { phone: ['validation.phone'] } },
    ],
    [{ type: 'requiresAuthentication' }, true, { type: 'go', step: { step: 'identify' } }],
    [{ type: 'noPatient' }, true, { type: 'refused', failure: 'noPatient', status: 200 }],
    [{ type: 'noPatient' }, false, { type: 'go', step: { step: 'registration' } }],
    [{ type: 'patientDataConsentRequired' }, false, { type: 'go', step: { step: 'consent' } }],
    [{ type: 'notCreditworthy' }, false, { type: 'go', step: { step: 'interrupted' } }],
    [{ type: 'appointmentNotAvailable' }, true, { type: 'refused', failure: 'appointmentNotAvailable', status: 409 }],
    [{ type: 'tooManyReservations' }, false, { type: 'refused', failure: 'tooManyReservations', status: 409 }],
    [{ type: 'unknownError' }, true, { type: 'refused', failure: 'unknownError', status: 500 }],
    [{ type: 'practiceSystemUnavailable' }, false, { type: 'refused', failure: 'practiceSystemUnavailable', status: 503 }],
    [{ type: 'wardNotAllowed' }, false, { type: 'go', step: { step: 'wardChoice' } }],
    [{ type: 'wardNotReady' }, false, { type: 'go', step: { step: 'childRegistration' } }],
  ];
  it.each(cases)('maps %j (anonymous: %s) onto the flow', (result, anonymous, expected) => {
    expect(answerForResult(result, anonymous)).toEqual(expected);
  });
});

describe('reserveStep: occupational health (the employer pays)', () => {
  const employee = { ...patient, occupational: 'ok' as const };

  it('needs strong identification even when the time itself does not', () => {
    expect(reserveStep(facts({ payer: 'occupational' }))).toEqual({ step: 'identify' });
    // Also on the children's brand, where no own-or-child choice is asked first.
    expect(reserveStep(facts({ payer: 'occupational', brand: 'children' }))).toEqual({ step: 'identify' });
  });

  it('tells a person without an agreement, or without web reservation in it, before registration or consent', () => {
    const unregistered = { isPatient: false, patientDataConsentGiven: false, eligible: true };
    expect(reserveStep(facts({ payer: 'occupational', visitor: { ...unregistered, occupational: 'noOccupationalHealthcare' } }))).toEqual({
      step: 'noOccupationalHealthcare',
    });
    expect(reserveStep(facts({ payer: 'occupational', visitor: { ...patient, occupational: 'noWebReservation' } }))).toEqual({
      step: 'noWebReservation',
    });
    // Unknown agreement state counts as none.
    expect(reserveStep(facts({ payer: 'occupational', visitor: patient }))).toEqual({ step: 'noOccupationalHealthcare' });
  });

  it('then registration, consent and the form; a billing block does not stop the employer paying', () => {
    expect(reserveStep(facts({ payer: 'occupational', visitor: { ...employee, isPatient: false } }))).toEqual({ step: 'registration' });
    expect(reserveStep(facts({ payer: 'occupational', visitor: { ...employee, patientDataConsentGiven: false } }))).toEqual({
      step: 'consent',
    });
    expect(reserveStep(facts({ payer: 'occupational', visitor: employee }))).toEqual({ step: 'form', who: 'user' });
    // The private payer ignores the agreement.
    expect(reserveStep(facts({ visitor: { ...patient, occupational: 'noOccupationalHealthcare' } }))).toEqual({ step: 'form', who: 'user' });
  });

  it('a post from a refused employee books nothing and goes to the refusal; the service refusals map onto the flow', () => {
    expect(stepOnPost({ step: 'noOccupationalHealthcare' })).toEqual({ type: 'go', step: { step: 'noOccupationalHealthcare' } });
    expect(stepOnPost({ step: 'noWebReservation' })).toEqual({ type: 'go', step: { step: 'noWebReservation' } });
    expect(answerForResult({ type: 'noOccupationalHealthcare' }, false)).toEqual({ type: 'go', step: { step: 'noOccupationalHealthcare' } });
    expect(answerForResult({ type: 'noWebReservation' }, false)).toEqual({ type: 'go', step: { step: 'noWebReservation' } });
  });
});

describe('ageOn and guardianBooksFor', () => {
  it('counts full years; the guardian books until the child is 12', () => {
    expect(ageOn('2018-05-12', '2026-05-11')).toBe(7);
    expect(ageOn('2018-05-12', '2026-05-12')).toBe(8);
    expect(guardianBooksFor('2014-11-24', '2026-11-23')).toBe(true);
    expect(guardianBooksFor('2014-11-24', '2026-11-24')).toBe(false);
  });
});

describe('reserveStep: insurance', () => {
  const insured = { ...patient, insurance: 'complete' as const };
  it('sends anonymous visitors to identify strongly, even on the children brand (no own-or-child question)', () => {
    expect(reserveStep(facts({ payer: 'insurance' }))).toEqual({ step: 'identify' });
    expect(reserveStep(facts({ payer: 'insurance', brand: 'children' }))).toEqual({ step: 'identify' });
  });

  it('registration, consent and a billing block come before the insurer step; then the form', () => {
    expect(reserveStep(facts({ payer: 'insurance', visitor: { ...insured, isPatient: false, insurance: 'incomplete' } }))).toEqual({
      step: 'registration',
    });
    expect(reserveStep(facts({ payer: 'insurance', visitor: { ...insured, patientDataConsentGiven: false } }))).toEqual({ step: 'consent' });
    expect(reserveStep(facts({ payer: 'insurance', visitor: { ...insured, eligible: false, insurance: 'incomplete' } }))).toEqual({
      step: 'interrupted',
    });
    expect(reserveStep(facts({ payer: 'insurance', visitor: { ...patient, insurance: 'incomplete' } }))).toEqual({ step: 'insurer' });
    // No fact counts as not chosen.
    expect(reserveStep(facts({ payer: 'insurance', visitor: patient }))).toEqual({ step: 'insurer' });
    expect(reserveStep(facts({ payer: 'insurance', visitor: insured }))).toEqual({ step: 'form', who: 'user' });
    // Other payers ignore the insurer choice.
    expect(reserveStep(facts({ visitor: { ...patient, insurance: 'incomplete' } }))).toEqual({ step: 'form', who: 'user' });
  });

  it('a post before the choice is complete goes to the insurer step; the treatment chain failure stays with the form', () => {
    expect(stepOnPost({ step: 'insurer' })).toEqual({ type: 'go', step: { step: 'insurer' } });
    expect(answerForResult({ type: 'insuranceIncomplete' }, false)).toEqual({ type: 'go', step: { step: 'insurer' } });
    expect(answerForResult({ type: 'treatmentChainCreationFailed' }, false)).toEqual({
      type: 'refused',
      failure: 'treatmentChainCreationFailed',
      status: 409,
    });
  });
});

describe('booking for the adult one acts for (ADR 0050)', () => {
  it('never sends the delegate to register or consent in the principal’s stead', () => {
    expect(reserveStep(facts({ visitor: { ...patient, forPrincipal: true } }))).toEqual({ step: 'form', who: 'user' });
    expect(reserveStep(facts({ visitor: { ...patient, patientDataConsentGiven: false, forPrincipal: true } }))).toEqual({ step: 'notFound' });
    expect(reserveStep(facts({ visitor: { ...patient, isPatient: false, forPrincipal: true } }))).toEqual({ step: 'notFound' });
    expect(reserveStep(facts({ visitor: { ...patient, patientDataConsentGiven: false } }))).toEqual({ step: 'consent' });
  });
});
