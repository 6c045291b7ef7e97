import { describe, expect, it } from 'vitest';

import { isValidEmail, isValidFinnishPhone, isValidPostalCode, mailboxKey, normalizeFinnishPhone } from './contact';

describe('normalizeFinnishPhone', () => {
  it.each([
    ['040 123 4567', '+358401234567'],
    ['0401234567', '+358401234567'],
    ['040-123 4567', '+358401234567'],
    ['+358 40 123 4567', '+358401234567'],
    ['+358 50 1234567', '+358501234567'],
    ['00358 50 1234567', '+358501234567'],
    ['09 1234567', '+35891234567'],
    ['  09 123 4567  ', '+35891234567'],
    ['013 123 456', '+35813123456'],
    ['02 1234 567', '+35821234567'],
    ['012345', '+35812345'], // shortest: 5-digit national number
    ['+358 123 456 789 012', '+358123456789012'], // longest: 12-digit national number
    // The SMS rule (toE164) accepted these and the forms refused them; one rule now accepts them.
    ['(040) 123 4567', '+358401234567'],
    ['040.123.4567', '+358401234567'],
    ['+358 (0)40 123 4567', '+358401234567'],
  ])('%j → %s', (input, expected) => {
    expect(normalizeFinnishPhone(input)).toBe(expected);
  });

  it.each([
    ['123', 'no prefix and too short'],
    ['abc', 'letters'],
    ['', 'empty'],
    ['   ', 'blank'],
    ['+46701234567', 'Swedish number'],
    ['0046701234567', 'Swedish number with 00 prefix'],
    ['+358 0401234567', 'trunk zero kept after the country code'],
    ['00358 0401234567', 'trunk zero kept after 00358'],
    ['358401234567', 'country code without + or 00'],
    ['401234567', 'no leading zero'],
    ['0401', 'national number too short (4 digits)'],
    ['+358 1234 567 890 123', 'national number too long (13 digits)'],
    ['040 123 456a', 'trailing letter'],
    ['040+1234567', 'plus in the middle'],
    ['++358401234567', 'double plus'],
    ['+46 (0)70-123 45 67', 'Swedish number the SMS rule accepts'],
  ])('rejects %j (%s)', (input) => {
    expect(normalizeFinnishPhone(input)).toBeNull();
    expect(isValidFinnishPhone(input)).toBe(false);
  });

  it('is idempotent on its output', () => {
    const once = normalizeFinnishPhone('040 123 4567');
    expect(once).not.toBeNull();
    expect(normalizeFinnishPhone(once ?? '')).toBe(once);
  });
});

describe('isValidFinnishPhone', () => {
  it.each(['040 123 4567', '+358 50 1234567', '09 1234567', '0451234567'])('accepts %j', (input) => {
    expect(isValidFinnishPhone(input)).toBe(true);
  });
});

describe('isValidEmail', () => {
  it.each([
    'matti.meikalainen@example.fi',
    'a@b.co',
    'first+tag@sub.example.com',
    '  padded@example.fi  ',
    'UPPER@EXAMPLE.FI',
    'user@xn--example.fi',
    'user@esimerkki.suomi',
  ])('accepts %j', (input) => {
    expect(isValidEmail(input)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['plainaddress', 'no @'],
    ['a@@example.fi', 'two @'],
    ['a@b@example.fi', 'two @ apart'],
    ['@example.fi', 'empty local part'],
    ['user@', 'empty domain'],
    ['user@localhost', 'domain without a dot'],
    ['user@example.f', 'one-letter TLD'],
    ['user@example.123', 'numeric TLD'],
    ['user@example.', 'empty TLD'],
    ['user@.example.fi', 'empty first label'],
    ['user@example..fi', 'empty inner label'],
    ['us er@example.fi', 'space in local part'],
    ['user@exa mple.fi', 'space in domain'],
    ['user\t@example.fi', 'tab'],
  ])('rejects %j (%s)', (input) => {
    expect(isValidEmail(input)).toBe(false);
  });

  it('allows at most 254 characters', () => {
    const domain = '@example.fi';
    const atLimit = 'a'.repeat(254 - domain.length) + domain;
    expect(atLimit).toHaveLength(254);
    expect(isValidEmail(atLimit)).toBe(true);
    expect(isValidEmail(`a${atLimit}`)).toBe(false);
  });
});

describe('isValidPostalCode', () => {
  it.each(['00100', '33100', '99999', ' 00100 '])('accepts %j', (input) => {
    expect(isValidPostalCode(input)).toBe(true);
  });

  it.each(['', '0010', '001000', '00 100', 'ABCDE', '0010a', '-0010'])('rejects %j', (input) => {
    expect(isValidPostalCode(input)).toBe(false);
  });
});

describe('mailboxKey', () => {
  it.each([
    ['Tulva@Example.fi', 'tulva@example.fi'],
    [' tulva+1@example.fi ', 'tulva@example.fi'],
    ['TULVA+abc+def@EXAMPLE.FI', 'tulva@example.fi'],
    ['tulva@example.fi.', 'tulva@example.fi'],
    ['m.e.i.k.a+x@gmail.com', 'meika@gmail.com'],
    ['Meika@GoogleMail.com', 'meika@gmail.com'],
    ['palaute@äänekoski.fi', 'palaute@xn--nekoski-4waa.fi'],
  ])('%j is the mailbox %j', (address, key) => {
    expect(mailboxKey(address)).toBe(key);
  });

  it('keeps apart what may be different mailboxes', () => {
    // Dots matter outside consumer Gmail; a name that starts with + is kept whole.
    expect(mailboxKey('a.b@example.fi')).not.toBe(mailboxKey('ab@example.fi'));
    expect(mailboxKey('a.b@yritys.fi')).toBe('a.b@yritys.fi');
    expect(mailboxKey('+1@example.fi')).toBe('+1@example.fi');
    expect(mailboxKey('tulva@example.fi')).not.toBe(mailboxKey('tulva@example.com'));
  });
});
