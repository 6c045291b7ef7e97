import { describe, expect, it } from 'vitest';
import { z } from 'zod';

import { emailSchema, identityCodeSchema, phoneSchema, postalCodeSchema } from './schemas';

/** The error messages (i18n keys) of a failed parse, or [] on success. */
function messages(schema: z.ZodTypeAny, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const ALL_SCHEMAS = [
  ['identityCodeSchema', identityCodeSchema],
  ['phoneSchema', phoneSchema],
  ['emailSchema', emailSchema],
  ['postalCodeSchema', postalCodeSchema],
] as const;

describe.each(ALL_SCHEMAS)('%s required handling', (_name, schema) => {
  // Conform submits empty fields as undefined.
  it('gives validation.required for undefined', () => {
    expect(messages(schema, undefined)).toEqual(['validation.required']);
  });

  it('gives validation.required for empty and whitespace-only strings', () => {
    expect(messages(schema, '')).toEqual(['validation.required']);
    expect(messages(schema, '   ')).toEqual(['validation.required']);
  });
});

describe('identityCodeSchema', () => {
  it('trims and upper-cases valid codes', () => {
    expect(identityCodeSchema.parse(' 120518a905l ')).toBe('120518A905L');
    expect(identityCodeSchema.parse('150385-9024')).toBe('150385-9024');
  });

  it('accepts the development form', () => {
    expect(identityCodeSchema.parse('150385-ab1x')).toBe('150385-AB1X');
  });

  it('gives validation.identityCode for invalid codes', () => {
    expect(messages(identityCodeSchema, '150385-9025')).toEqual(['validation.identityCode']);
    expect(messages(identityCodeSchema, '310485-9024')).toEqual(['validation.identityCode']);
    expect(messages(identityCodeSchema, '150385')).toEqual(['validation.identityCode']);
  });

  it('gives only validation.maxLength for over-long input', () => {
    expect(messages(identityCodeSchema, '150385-90244')).toEqual(['validation.maxLength']);
  });

  it('measures the length after trimming', () => {
    expect(identityCodeSchema.parse('   150385-9024   ')).toBe('150385-9024');
  });
});

describe('phoneSchema', () => {
  it('transforms to the normalised +358 form', () => {
    expect(phoneSchema.parse('040 123 4567')).toBe('+358401234567');
    expect(phoneSchema.parse(' +358 50 1234567 ')).toBe('+358501234567');
    expect(phoneSchema.parse('09 1234567')).toBe('+35891234567');
  });

  it.each(['123', 'abc', '+46701234567', '+358 0401234567'])('gives validation.phone for %j', (value) => {
    expect(messages(phoneSchema, value)).toEqual(['validation.phone']);
  });

  it('gives validation.maxLength for absurdly long input', () => {
    expect(messages(phoneSchema, '0'.repeat(31))).toEqual(['validation.maxLength']);
  });
});

describe('emailSchema', () => {
  it('trims valid addresses', () => {
    expect(emailSchema.parse('  matti@example.fi ')).toBe('matti@example.fi');
  });

  it.each(['matti', 'matti@example', 'matti @example.fi', 'a@b@example.fi'])('gives validation.email for %j', (value) => {
    expect(messages(emailSchema, value)).toEqual(['validation.email']);
  });

  it('allows 78 characters and gives validation.maxLength above that', () => {
    const domain = '@example.fi';
    const atLimit = 'a'.repeat(78 - domain.length) + domain;
    expect(emailSchema.parse(atLimit)).toBe(atLimit);
    expect(messages(emailSchema, `a${atLimit}`)).toEqual(['validation.maxLength']);
  });
});

describe('postalCodeSchema', () => {
  it('trims valid postal codes', () => {
    expect(postalCodeSchema.parse(' 00100 ')).toBe('00100');
  });

  it.each(['0010', '001000', 'ABCDE', '00 100'])('gives validation.postalCode for %j', (value) => {
    expect(messages(postalCodeSchema, value)).toEqual(['validation.postalCode']);
  });
});

describe('in an object schema', () => {
  const form = z.object({
    identityCode: identityCodeSchema,
    phone: phoneSchema,
    email: emailSchema,
    postalCode: postalCodeSchema,
  });

  it('reports each field by path', () => {
    const result = form.safeParse({ identityCode: '150385-9025', phone: undefined, email: 'x', postalCode: '00100' });
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries((result.success ? [] : result.error.issues).map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toEqual({
      identityCode: 'validation.identityCode',
      phone: 'validation.required',
      email: 'validation.email',
    });
  });

  it('outputs normalised values', () => {
    expect(form.parse({ identityCode: '020779-913s', phone: '040 123 4567', email: 'a@b.fi', postalCode: '33100' })).toEqual({
      identityCode: '020779-913S',
      phone: '+358401234567',
      email: 'a@b.fi',
      postalCode: '33100',
    });
  });
});
