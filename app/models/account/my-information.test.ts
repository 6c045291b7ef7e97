import { describe, expect, it } from 'vitest';
import { contactValuesOf } from '../contact';
import { contactSchema, invalidFields, smsCodeSchema } from './my-information';

const good = {
  streetAddress: 'Kotikatu 1',
  zipCode: '00100',
  postOffice: 'Helsinki',
  phoneNumber: '040 123 4567',
  emailAddress: 'aino@example.fi',
  language: 'fi',
};

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = contactSchema.safeParse(input);
  return parsed.success ? {} : parsed.error.flatten().fieldErrors;
};

describe('contactSchema', () => {
  it('accepts the details and normalises the phone on the server too', () => {
    const parsed = contactSchema.parse(good);
    expect(parsed.phoneNumber).toBe('+358401234567');
  });
  it('checks each field with its own message', () => {
    expect(errorsOf({ ...good, zipCode: '0010' }).zipCode).toEqual(['validation.postalCode']);
    expect(errorsOf({ ...good, zipCode: '0010a' }).zipCode).toEqual(['validation.postalCode']);
    expect(errorsOf({ ...good, phoneNumber: '12345' }).phoneNumber).toEqual(['validation.phone']);
    expect(errorsOf({ ...good, emailAddress: 'aino@' }).emailAddress).toEqual(['validation.email']);
    expect(errorsOf({ ...good, streetAddress: 'K' }).streetAddress).toHaveLength(1);
    expect(errorsOf({ ...good, postOffice: 'x'.repeat(31) }).postOffice).toHaveLength(1);
    expect(errorsOf({ ...good, language: 'de' }).language).toHaveLength(1);
  });
  it('limits the phone to 15 characters and the e-mail to 78 as typed', () => {
    expect(errorsOf({ ...good, phoneNumber: '040 123 4567 89' })).toEqual({});
    expect(errorsOf({ ...good, phoneNumber: '040  123  45678' }).phoneNumber).toBeUndefined();
    expect(errorsOf({ ...good, phoneNumber: '040 1234 5678 90' }).phoneNumber).toEqual(['validation.maxLength']);
    expect(errorsOf({ ...good, emailAddress: `${'a'.repeat(67)}@example.fi` })).toEqual({});
    expect(errorsOf({ ...good, emailAddress: `${'a'.repeat(68)}@example.fi` }).emailAddress).toEqual(['validation.maxLength']);
  });
});

describe('invalidFields ("Check {field names}")', () => {
  it('names the invalid fields in form order', () => {
    expect(invalidFields(['streetAddress', 'zipCode', 'phoneNumber'] as const, { phoneNumber: ['x'], zipCode: ['y'], other: ['z'] })).toEqual([
      'zipCode',
      'phoneNumber',
    ]);
    expect(invalidFields(['zipCode'] as const, undefined)).toEqual([]);
    expect(invalidFields(['zipCode'] as const, { zipCode: [] })).toEqual([]);
  });
});

describe('smsCodeSchema and contactValuesOf', () => {
  it('accepts exactly four digits', () => {
    expect(smsCodeSchema.safeParse(' 0123 ').success).toBe(true);
    expect(smsCodeSchema.safeParse('123').success).toBe(false);
    expect(smsCodeSchema.safeParse('12345').success).toBe(false);
    expect(smsCodeSchema.safeParse('12a4').success).toBe(false);
  });
  it('fills missing contact values with empty strings', () => {
    const person = {
      firstName: 'A',
      lastName: 'B',
      streetAddress: null,
      postalCode: null,
      postOffice: null,
      phone: null,
      email: null,
      language: 'fi' as const,
    };
    expect(contactValuesOf(person)).toMatchObject({ streetAddress: '', phoneNumber: '', emailAddress: '', language: 'fi' });
  });
});
