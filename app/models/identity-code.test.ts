import { describe, expect, it } from 'vitest';

import {
  IDENTITY_CODE_CHECK_CHARS,
  isPossibleLastFour,
  isValidIdentityCode,
  makeIdentityCode,
  maskIdentityCode,
  normalizeIdentityCode,
  parseIdentityCode,
} from './identity-code';
import { ageOn } from './person';

/** Independent reference implementation of the check character, for cross-checking. */
function referenceCheckChar(code: string): string {
  const n = Number(code.slice(0, 6) + code.slice(7, 10));
  return IDENTITY_CODE_CHECK_CHARS[n % 31] ?? '?';
}

/** Replaces the century sign of a code and keeps everything else. */
function withSign(code: string, sign: string): string {
  return code.slice(0, 6) + sign + code.slice(7);
}

/** Replaces the check character of a code. */
function withCheckChar(code: string, check: string): string {
  return code.slice(0, 10) + check;
}

const DEMO_CODES = ['150385-9024', '020779-913S', '211190-924E', '120518A905L', '030911A914H', '280270-9479'];

describe('IDENTITY_CODE_CHECK_CHARS', () => {
  it('has 31 distinct characters without G, I, O, Q, Z', () => {
    expect(IDENTITY_CODE_CHECK_CHARS).toHaveLength(31);
    expect(new Set(IDENTITY_CODE_CHECK_CHARS).size).toBe(31);
    for (const c of 'GIOQZ') expect(IDENTITY_CODE_CHECK_CHARS).not.toContain(c);
  });
});

describe('demo persons', () => {
  it.each(DEMO_CODES)('%s is valid', (code) => {
    expect(referenceCheckChar(code)).toBe(code[10]);
    expect(parseIdentityCode(code)).toMatchObject({ ok: true, code, development: false });
    expect(isValidIdentityCode(code, { allowDevelopmentForm: false })).toBe(true);
  });

  it('derives birth dates and sexes', () => {
    expect(parseIdentityCode('150385-9024')).toMatchObject({ birthDate: '1985-03-15', sex: 'female' });
    expect(parseIdentityCode('020779-913S')).toMatchObject({ birthDate: '1979-07-02', sex: 'male' });
    expect(parseIdentityCode('211190-924E')).toMatchObject({ birthDate: '1990-11-21', sex: 'female' });
    expect(parseIdentityCode('120518A905L')).toMatchObject({ birthDate: '2018-05-12', sex: 'male' });
    expect(parseIdentityCode('030911A914H')).toMatchObject({ birthDate: '2011-09-03', sex: 'female' });
    expect(parseIdentityCode('280270-9479')).toMatchObject({ birthDate: '1970-02-28', sex: 'male' });
  });
});

describe('normalizeIdentityCode', () => {
  it('trims and upper-cases', () => {
    expect(normalizeIdentityCode('  020779-913s \n')).toBe('020779-913S');
    expect(normalizeIdentityCode('120518a905l')).toBe('120518A905L');
  });
});

describe('parseIdentityCode', () => {
  it('accepts lower-case and padded input and returns the normalised code', () => {
    const result = parseIdentityCode(' 120518a905l ');
    expect(result).toEqual({
      ok: true,
      code: '120518A905L',
      birthDate: '2018-05-12',
      sex: 'male',
      development: false,
    });
  });

  describe('century signs', () => {
    const cases: Array<[string, string]> = [
      ['+', '1885-03-15'],
      ['-', '1985-03-15'],
      ['Y', '1985-03-15'],
      ['X', '1985-03-15'],
      ['W', '1985-03-15'],
      ['V', '1985-03-15'],
      ['U', '1985-03-15'],
      ['A', '2085-03-15'],
      ['B', '2085-03-15'],
      ['C', '2085-03-15'],
      ['D', '2085-03-15'],
      ['E', '2085-03-15'],
      ['F', '2085-03-15'],
    ];

    // The sign is not part of the checksum, so swapping it keeps a code valid.
    it.each(cases)('%s maps to %s', (sign, birthDate) => {
      const code = withSign('150385-9024', sign);
      expect(parseIdentityCode(code)).toMatchObject({ ok: true, code, birthDate });
    });

    it.each(['G', 'Z', '*', '/', '0', ' '])('rejects sign %j', (sign) => {
      expect(parseIdentityCode(withSign('150385-9024', sign))).toEqual({ ok: false, reason: 'century' });
    });

    it('accepts lower-case century letters', () => {
      expect(parseIdentityCode('150385y9024')).toMatchObject({ ok: true, code: '150385Y9024' });
    });
  });

  describe('check characters', () => {
    // Consecutive individual numbers step the 9-digit number by one, so 31 of
    // them cycle through every remainder, i.e. every check character.
    const generated = Array.from({ length: 31 }, (_, i) => makeIdentityCode('1985-03-15', 900 + i));

    it('generated codes use every check character exactly once', () => {
      expect(
        generated
          .map((code) => code[10])
          .sort()
          .join(''),
      ).toBe([...IDENTITY_CODE_CHECK_CHARS].sort().join(''));
    });

    it.each(generated)('%s is valid and matches the reference check character', (code) => {
      expect(code[10]).toBe(referenceCheckChar(code));
      expect(isValidIdentityCode(code)).toBe(true);
    });

    it.each(generated)('%s with any other check character fails the checksum', (code) => {
      for (const c of IDENTITY_CODE_CHECK_CHARS) {
        if (c === code[10]) continue;
        expect(parseIdentityCode(withCheckChar(code, c))).toEqual({ ok: false, reason: 'checksum' });
      }
    });
  });

  it('rejects a wrong checksum', () => {
    expect(parseIdentityCode('150385-9025')).toEqual({ ok: false, reason: 'checksum' });
    expect(parseIdentityCode('020779-913T')).toEqual({ ok: false, reason: 'checksum' });
    // Swapped digits in the individual number.
    expect(parseIdentityCode('150385-9204')).toEqual({ ok: false, reason: 'checksum' });
  });

  it.each(['', '150385-902', '150385-90244', '150385 -9024', '1503859024'])('rejects length of %j', (input) => {
    expect(parseIdentityCode(input)).toEqual({ ok: false, reason: 'length' });
  });

  it.each([
    '15038X-9024', // letter in the date
    '150385-9X24', // letter in the individual number
    '150385-902G', // G is not a check character
    '150385-902Z', // Z is not a check character
    '150385-902-', // non-alphanumeric check character
    '150385-9 24', // inner space
  ])('rejects bad format %s', (input) => {
    expect(parseIdentityCode(input)).toEqual({ ok: false, reason: 'format' });
  });

  describe('dates', () => {
    it.each([
      ['310485-', '31 April'],
      ['310685-', '31 June'],
      ['290223A', '29 February 2023 (not a leap year)'],
      ['290200-', '29 February 1900 (not a leap year: divisible by 100)'],
      ['300296-', '30 February'],
      ['000185-', 'day 00'],
      ['320185-', 'day 32'],
      ['151385-', 'month 13'],
      ['150085-', 'month 00'],
    ])('rejects %s (%s)', (prefix) => {
      // A correct check character, so only the date can be at fault.
      const individual = '902';
      const check = IDENTITY_CODE_CHECK_CHARS[Number(prefix.slice(0, 6) + individual) % 31] ?? '';
      expect(parseIdentityCode(prefix + individual + check)).toEqual({ ok: false, reason: 'date' });
    });

    it.each([
      ['2024-02-29', 'leap year'],
      ['2000-02-29', 'leap year divisible by 400'],
      ['1896-02-29', '1800s leap year'],
      ['1985-12-31', 'last day of the year'],
      ['1985-04-30', '30 April'],
      ['2099-01-01', 'upper bound of the 2000s'],
      ['1800-01-01', 'lower bound of the 1800s'],
    ])('accepts %s (%s)', (birthDate) => {
      const code = makeIdentityCode(birthDate, 902);
      expect(parseIdentityCode(code)).toMatchObject({ ok: true, birthDate });
    });
  });

  describe('sex', () => {
    it('is female for even and male for odd individual numbers', () => {
      for (let individual = 0; individual < 1000; individual += 37) {
        const result = parseIdentityCode(makeIdentityCode('1990-11-21', individual));
        expect(result).toMatchObject({ ok: true, sex: individual % 2 === 0 ? 'female' : 'male' });
      }
    });

    it('accepts the whole 000–999 range, including 9xx', () => {
      for (const individual of [0, 2, 899, 900, 999]) {
        expect(isValidIdentityCode(makeIdentityCode('1990-11-21', individual))).toBe(true);
      }
    });
  });

  describe('development form', () => {
    it('is accepted by default, without a sex', () => {
      expect(parseIdentityCode('150385-AB1X')).toEqual({
        ok: true,
        code: '150385-AB1X',
        birthDate: '1985-03-15',
        sex: null,
        development: true,
      });
      expect(parseIdentityCode(' 120518azz90 ')).toMatchObject({ ok: true, code: '120518AZZ90', development: true });
    });

    it('does not verify the check character, but it must be from the alphabet', () => {
      for (const c of IDENTITY_CODE_CHECK_CHARS) {
        expect(isValidIdentityCode(`150385-AB1${c}`)).toBe(true);
      }
      expect(parseIdentityCode('150385-AB1G')).toEqual({ ok: false, reason: 'format' });
    });

    it('still validates the century sign and the date', () => {
      expect(parseIdentityCode('150385GAB1X')).toEqual({ ok: false, reason: 'century' });
      expect(parseIdentityCode('290223AAB1X')).toEqual({ ok: false, reason: 'date' });
    });

    it.each(['150385-A11X', '150385-1AB1', '150385-ABCX', '150385-AB12X'.slice(0, 10) + '!', '150385-Ä B1'])(
      'needs exactly two letters and a digit: rejects %s',
      (bad) => {
        expect(parseIdentityCode(bad)).toEqual({ ok: false, reason: 'format' });
      },
    );

    it('is rejected when disallowed', () => {
      expect(parseIdentityCode('150385-AB1X', { allowDevelopmentForm: false })).toEqual({
        ok: false,
        reason: 'format',
      });
      expect(isValidIdentityCode('150385-AB1X', { allowDevelopmentForm: false })).toBe(false);
      expect(isValidIdentityCode('150385-AB1X', { allowDevelopmentForm: true })).toBe(true);
    });

    it('does not affect ordinary codes when disallowed', () => {
      expect(parseIdentityCode('150385-9024', { allowDevelopmentForm: false })).toMatchObject({
        ok: true,
        development: false,
      });
    });
  });
});

describe('makeIdentityCode', () => {
  it('reproduces the demo codes', () => {
    expect(makeIdentityCode('1985-03-15', 902)).toBe('150385-9024');
    expect(makeIdentityCode('1979-07-02', 913)).toBe('020779-913S');
    expect(makeIdentityCode('2018-05-12', 905)).toBe('120518A905L');
    expect(makeIdentityCode('2011-09-03', 914)).toBe('030911A914H');
  });

  it('uses +, - and A as century signs', () => {
    expect(makeIdentityCode('1899-12-31', 1)[6]).toBe('+');
    expect(makeIdentityCode('1900-01-01', 1)[6]).toBe('-');
    expect(makeIdentityCode('2000-01-01', 1)[6]).toBe('A');
  });

  it('zero-pads the individual number', () => {
    expect(makeIdentityCode('2001-02-03', 7).slice(0, 10)).toBe('030201A007');
  });

  it.each([
    ['1799-12-31', 1],
    ['2100-01-01', 1],
    ['2023-02-29', 1],
    ['1985-3-15', 1],
    ['not a date', 1],
    ['1985-03-15', -1],
    ['1985-03-15', 1000],
    ['1985-03-15', 1.5],
    ['1985-03-15', Number.NaN],
  ])('throws for %s / %s', (birthDate, individual) => {
    expect(() => makeIdentityCode(birthDate, individual)).toThrow(RangeError);
  });
});

describe('ageOn', () => {
  it('counts whole years around a birthday', () => {
    expect(ageOn('1985-03-15', '2025-03-14')).toBe(39);
    expect(ageOn('1985-03-15', '2025-03-15')).toBe(40);
    expect(ageOn('1985-03-15', '2025-03-16')).toBe(40);
    expect(ageOn('1985-03-15', '2025-02-28')).toBe(39);
    expect(ageOn('1985-03-15', '2025-12-31')).toBe(40);
    expect(ageOn('1985-03-15', '2026-01-01')).toBe(40);
  });

  it('is 0 on the birth date and during the first year', () => {
    expect(ageOn('2024-06-01', '2024-06-01')).toBe(0);
    expect(ageOn('2024-06-01', '2025-05-31')).toBe(0);
    expect(ageOn('2024-06-01', '2025-06-01')).toBe(1);
  });

  it('treats a 29 February birthday as 28 February in common years', () => {
    expect(ageOn('2004-02-29', '2023-02-27')).toBe(18);
    expect(ageOn('2004-02-29', '2023-02-28')).toBe(19);
    expect(ageOn('2004-02-29', '2024-02-28')).toBe(19);
    expect(ageOn('2004-02-29', '2024-02-29')).toBe(20);
  });

  it('is negative before the birth date', () => {
    expect(ageOn('2024-06-01', '2024-05-31')).toBe(-1);
  });

  it('works with birth dates from parseIdentityCode', () => {
    const parsed = parseIdentityCode('120518A905L');
    if (!parsed.ok) throw new Error('expected a valid code');
    expect(ageOn(parsed.birthDate, '2025-05-11')).toBe(6);
    expect(ageOn(parsed.birthDate, '2025-05-12')).toBe(7);
  });

  it.each([
    ['1985-02-30', '2025-01-01'],
    ['1985-03-15', '2025-13-01'],
    ['15.03.1985', '2025-01-01'],
    ['1985-03-15', ''],
  ])('throws for %s / %s', (birthDate, onDate) => {
    expect(() => ageOn(birthDate, onDate)).toThrow(RangeError);
  });
});

describe('maskIdentityCode', () => {
  it('hides the end part', () => {
    expect(maskIdentityCode('150385-9024')).toBe('150385-****');
    expect(maskIdentityCode('120518A905L')).toBe('120518A****');
  });

  it('normalises first', () => {
    expect(maskIdentityCode(' 120518a905l ')).toBe('120518A****');
  });

  it('masks malformed values completely', () => {
    expect(maskIdentityCode('150385-902')).toBe('**********');
    expect(maskIdentityCode('')).toBe('');
  });
});

describe('isPossibleLastFour', () => {
  it.each(['9024', '913S', '913s', ' 924E ', '0000', '999Y'])('accepts %j', (s) => {
    expect(isPossibleLastFour(s)).toBe(true);
  });

  it.each(['', '902', '90245', '9O24', 'A024', '902G', '902Z', '902-', '9 24'])('rejects %j', (s) => {
    expect(isPossibleLastFour(s)).toBe(false);
  });
});
