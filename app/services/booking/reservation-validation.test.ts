/** The reservation, registration and consent forms' validation (the schemas the services enforce). */
import type { Submission } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { describe, expect, it } from 'vitest';
import { anonymousReservationSchema, consentSchema, fieldErrorsOf, registrationSchema, userReservationSchema } from '~/models/booking/reservation-schemas';

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

/** The field errors of a refused submission (null when it passed). */
function errorsOf(submission: Submission<unknown>) {
  return submission.status === 'error' ? submission.error : null;
}

const valid = {
  ssn: ' 150385-9024 ',
  firstName: ' Aino ',
  lastName: 'Virtanen',
  phone: '040 123 4567',
  emailAddress: 'aino@example.fi',
  termsApproved: 'on',
};

describe('anonymous reservation form', () => {
  const schema = anonymousReservationSchema({ bindingRequired: false });

  it('trims, upper-cases the identity code and normalises the phone', () => {
    const submission = parseWithZod(form({ ...valid, ssn: '120518a905l' }), { schema });
    expect(submission.status).toBe('success');
    if (submission.status !== 'success') return;
    expect(submission.value).toEqual({
      ssn: '120518A905L',
      firstName: 'Aino',
      lastName: 'Virtanen',
      phone: '+358401234567',
      emailAddress: 'aino@example.fi',
      termsApproved: true,
      bindingApproved: false,
    });
  });

  it('reports each invalid field with its message and keeps the others', () => {
    const submission = parseWithZod(form({ ...valid, ssn: '150385-9025', phone: '12345', emailAddress: 'aino@' }), { schema });
    expect(errorsOf(submission)).toEqual({
      ssn: ['validation.identityCode'],
      phone: ['validation.phone'],
      emailAddress: ['validation.email'],
    });
    expect(submission.reply().initialValue).toMatchObject({ firstName: ' Aino ', lastName: 'Virtanen' });
  });

  it('requires every field and the terms; the identity code is at most 11 characters', () => {
    const submission = parseWithZod(form({ ssn: '150385-9024X' }), { schema });
    expect(errorsOf(submission)).toEqual({
      ssn: ['validation.maxLength'],
      firstName: ['validation.required'],
      lastName: ['validation.required'],
      phone: ['validation.required'],
      emailAddress: ['validation.required'],
      termsApproved: ['reservation.validation.terms'],
    });
  });

  it('asks for the binding consent only inside the window', () => {
    const binding = anonymousReservationSchema({ bindingRequired: true });
    expect(errorsOf(parseWithZod(form(valid), { schema: binding }))).toEqual({ bindingApproved: ['reservation.validation.binding'] });
    expect(parseWithZod(form({ ...valid, bindingApproved: 'on' }), { schema: binding }).status).toBe('success');
  });

  it('accepts already parsed values again (the service re-validates what the page parsed)', () => {
    const parsed = anonymousReservationSchema({ bindingRequired: true }).parse({
      ...valid,
      termsApproved: true,
      bindingApproved: true,
    });
    expect(anonymousReservationSchema({ bindingRequired: true }).safeParse(parsed).success).toBe(true);
  });
});

describe('logged-in reservation form', () => {
  it('needs a valid phone and e-mail', () => {
    const result = userReservationSchema({ bindingRequired: false }).safeParse({ phone: '+358 40 1234567', emailAddress: 'x' });
    expect(result.success).toBe(false);
    if (!result.success) expect(fieldErrorsOf(result.error)).toEqual({ emailAddress: ['validation.email'] });
  });
});

describe('registration form', () => {
  const base = {
    firstName: 'Pekka',
    lastName: 'Heikkinen',
    streetAddress: 'Kotikatu 1',
    zipCode: '00100',
    postOffice: 'Helsinki',
    phoneNumber: '0501234567',
    emailAddress: 'pekka@example.fi',
  };

  it('accepts a complete registration', () => {
    expect(registrationSchema.safeParse(base).success).toBe(true);
  });

  it('enforces street 2–30, postal code 5 digits and post office 2–30', () => {
    const result = registrationSchema.safeParse({ ...base, streetAddress: 'K', zipCode: '0010', postOffice: 'X'.repeat(31) });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrorsOf(result.error)).toEqual({
        streetAddress: ['reservation.validation.streetAddress'],
        zipCode: ['validation.postalCode'],
        postOffice: ['reservation.validation.postOffice'],
      });
    }
  });
});

describe('consent form', () => {
  it('needs the read confirmation the first time only; the consents are optional', () => {
    expect(errorsOf(parseWithZod(form({}), { schema: consentSchema({ firstTime: true }) }))).toEqual({
      readConfirmation: ['reservation.validation.readConfirmation'],
    });
    const later = parseWithZod(form({ allowsBookingSms: 'on' }), { schema: consentSchema({ firstTime: false }) });
    expect(later.status).toBe('success');
    if (later.status === 'success') {
      expect(later.value).toEqual({
        allowsCommonRegistry: false,
        allowsViewingOccupationalInformation: false,
        allowsMarketingMail: false,
        allowsTreatmentInstructionsMail: false,
        allowsBookingSms: true,
        readConfirmation: false,
      });
    }
  });
});
