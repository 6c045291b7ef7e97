import { describe, expect, it } from 'vitest';
import { countSegments, isGsm7, smsText } from './segments';

describe('GSM-7 or UCS-2', () => {
  it('Finnish and Swedish letters are GSM-7; the extension table is too', () => {
    expect(isGsm7('Hyvä asiakas, käynti on huomenna klo 9.30. Ärrä, öljy, Åbo, ÖÄÅ.')).toBe(true);
    expect(isGsm7('Hinta 35 € [ale] {x} ~ ^ | \\')).toBe(true);
    expect(isGsm7('@£$¥èéùìòÇØøÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ¤¡¿§àñÑüÜ\n\r')).toBe(true);
  });

  it('one character outside both tables makes it UCS-2', () => {
    expect(isGsm7('Šakki')).toBe(false);
    expect(isGsm7('Ajanvaraus ma–pe')).toBe(false); // en dash
    expect(isGsm7('Hei 👋')).toBe(false);
    expect(isGsm7('ç')).toBe(false); // only the capital Ç is in the basic table
    expect(isGsm7('`')).toBe(false);
  });
});

describe('countSegments', () => {
  it('GSM-7: 160 septets in one message, then parts of 153', () => {
    expect(countSegments('')).toEqual({ encoding: 'gsm7', units: 0, segments: 1, perSegment: 160 });
    expect(countSegments('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1, perSegment: 160 });
    expect(countSegments('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2, perSegment: 153 });
    expect(countSegments('a'.repeat(306))).toMatchObject({ units: 306, segments: 2 });
    expect(countSegments('a'.repeat(307))).toMatchObject({ units: 307, segments: 3 });
    expect(countSegments('ä'.repeat(160))).toMatchObject({ encoding: 'gsm7', segments: 1 });
  });

  it('an extension character counts twice', () => {
    expect(countSegments('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, segments: 1, perSegment: 160 });
    expect(countSegments('€'.repeat(80) + 'a')).toMatchObject({ units: 161, segments: 2 });
    expect(countSegments('a'.repeat(159) + '€')).toMatchObject({ units: 161, segments: 2 });
  });

  it('never splits an ESC pair between parts', () => {
    // 152 septets, then € (2): 154 does not fit in a part of 153, so € starts the second part.
    const text = 'a'.repeat(152) + '€' + 'a'.repeat(152);
    expect(countSegments(text)).toMatchObject({ units: 306, segments: 3 });
    // Without the boundary problem the same 306 septets fit in two parts.
    expect(countSegments('a'.repeat(151) + '€' + 'a'.repeat(153))).toMatchObject({ units: 306, segments: 2 });
  });

  it('UCS-2: 70 code units in one message, then parts of 67', () => {
    expect(countSegments('š'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1, perSegment: 70 });
    expect(countSegments('š'.repeat(71))).toEqual({ encoding: 'ucs2', units: 71, segments: 2, perSegment: 67 });
    expect(countSegments('š'.repeat(134))).toMatchObject({ segments: 2 });
    expect(countSegments('š'.repeat(135))).toMatchObject({ segments: 3 });
    // One non-GSM letter makes the whole text UCS-2: 100 characters are two messages, not one.
    expect(countSegments('a'.repeat(99) + 'š')).toMatchObject({ encoding: 'ucs2', units: 100, segments: 2 });
  });

  it('an emoji is two code units and is not split between parts', () => {
    expect(countSegments('👋'.repeat(35))).toMatchObject({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(countSegments('a'.repeat(66) + '👋' + 'a'.repeat(66))).toMatchObject({ units: 134, segments: 3 });
    expect(countSegments('a'.repeat(65) + '👋' + 'a'.repeat(67))).toMatchObject({ units: 134, segments: 2 });
  });
});

describe('smsText', () => {
  it('replaces typographic look-alikes, so the text stays GSM-7', () => {
    const text = 'Palvelemme ma–pe 7–21 — ”tervetuloa” ’ok’ «x» odota…\u00a0hetki\u202f1\u00ad2';
    expect(smsText(text)).toBe('Palvelemme ma-pe 7-21 - "tervetuloa" \'ok\' "x" odota... hetki 12');
    expect(isGsm7(smsText(text))).toBe(true);
  });

  it('never changes letters', () => {
    expect(smsText('Šárka Ćosić 👋')).toBe('Šárka Ćosić 👋');
    expect(smsText('Hyvä Äijä Åsa')).toBe('Hyvä Äijä Åsa');
  });
});
