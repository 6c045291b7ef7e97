import { describe, expect, it } from 'vitest';
import { BRANDS } from '~/brands';
import { senderProblem, suggestSenderName } from './sender';

describe('senderProblem', () => {
  it.each(['Kaari', 'Pikku Kaari', 'Lääkäri24', 'ÅboHälsa', 'Terveys-Oy', 'A&B Klinik', 'K.Klinikka', '+358401234567', '358401234567', '123456789012345'])(
    '%j is a sender',
    (sender) => {
      expect(senderProblem(sender)).toBeNull();
    },
  );

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['Pikku Kaari X', 'tooLong'],
    ['Lastenklinikka', 'tooLong'],
    ['Šakki', 'characters'],
    ['Kaari!', 'characters'],
    ['Kaari_Oy', 'characters'],
    ['Kaari€', 'characters'],
    [' Kaari', 'spaces'],
    ['Kaari ', 'spaces'],
    ['Pikku  Kaari', 'spaces'],
    ['+1234567890123456', 'number'],
    ['1234567890123456', 'number'],
    ['+358 40 123', 'number'],
  ])('%j is refused: %s', (sender, problem) => {
    expect(senderProblem(sender)).toBe(problem);
  });

  it("every brand's own sender name fits", () => {
    for (const brand of Object.values(BRANDS)) expect(senderProblem(brand.smsSender), brand.key).toBeNull();
  });
});

describe('suggestSenderName', () => {
  it('proposes a name that fits', () => {
    expect(suggestSenderName('Lastenklinikka Kaari')).toBe('Lastenklinikka'.slice(0, 11));
    expect(suggestSenderName('Pikku Kaari Oy')).toBe('Pikku Kaari');
    expect(suggestSenderName('Šakki!')).toBe('Sakki');
    expect(suggestSenderName('  Kaari   Oy ')).toBe('Kaari Oy');
    for (const name of ['Lastenklinikka Kaari', 'Pikku Kaari Oy', 'Šakki!', 'Terveystalo Pikku Kaari']) {
      expect(senderProblem(suggestSenderName(name)), name).toBeNull();
    }
  });
});
