import { describe, expect, it } from 'vitest';
import { MAX_RENEWAL_IDS, parseRenewalIds, renewalPath, renewalField as f, renewalMessage, renewalSchema } from './renewal-rules';

/** Every question (with its required follow-ups) is answered: the schema the submit parses with. */
const isRenewalComplete = (ids: readonly number[], answers: Record<string, string | undefined>) => renewalSchema(ids).safeParse(answers).success;

const complete = {
  [f.general]: 'Ei muutoksia',
  [f.reason(3)]: 'Jatkuva lääkitys',
  [f.finished(3)]: 'yes',
  [f.sideEffects(3)]: 'no',
};

describe('renewal ids', () => {
  it('accepts distinct positive ids, up to the limit', () => {
    expect(parseRenewalIds('3')).toEqual([3]);
    expect(parseRenewalIds('3,4')).toEqual([3, 4]);
    expect(parseRenewalIds('3,3')).toBeNull();
    expect(parseRenewalIds('0')).toBeNull();
    expect(parseRenewalIds('3,')).toBeNull();
    expect(parseRenewalIds('a')).toBeNull();
    expect(parseRenewalIds(undefined)).toBeNull();
    expect(renewalPath('fi', [12, 3])).toBe('/fi/reseptin-uusinta/3,12');
    expect(renewalPath('en', [7])).toBe('/en/prescription-renewal/7');
    expect(parseRenewalIds(Array.from({ length: MAX_RENEWAL_IDS + 1 }, (_, i) => i + 1).join(','))).toBeNull();
  });
});

describe('renewal form rules (spec 3 §5)', () => {
  it('is complete when the general question and each prescription’s three questions are answered', () => {
    expect(isRenewalComplete([3], complete)).toBe(true);
    expect(isRenewalComplete([3], { ...complete, [f.general]: '  ' })).toBe(false);
    expect(isRenewalComplete([3], { ...complete, [f.reason(3)]: undefined })).toBe(false);
    expect(isRenewalComplete([3, 4], complete)).toBe(false);
  });

  it('requires the amount left when the medicine is not finished', () => {
    expect(isRenewalComplete([3], { ...complete, [f.finished(3)]: 'no' })).toBe(false);
    expect(isRenewalComplete([3], { ...complete, [f.finished(3)]: 'no', [f.amountLeft(3)]: '10 tablettia, viikon' })).toBe(true);
    const result = renewalSchema([3]).safeParse({ ...complete, [f.finished(3)]: 'no' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([[f.amountLeft(3), 'required']]);
  });

  it('requires a description of side effects when there are some', () => {
    expect(isRenewalComplete([3], { ...complete, [f.sideEffects(3)]: 'yes' })).toBe(false);
    expect(isRenewalComplete([3], { ...complete, [f.sideEffects(3)]: 'yes', [f.sideEffectsText(3)]: 'Lihaskipua' })).toBe(true);
    expect(isRenewalComplete([3], { ...complete, [f.sideEffects(3)]: 'maybe' })).toBe(false);
  });

  it('writes the answers into the first message in Finnish', () => {
    const text = renewalMessage([{ id: 3, medicineName: 'Burana', strength: '400 mg' }], {
      ...complete,
      [f.finished(3)]: 'no',
      [f.amountLeft(3)]: '5 kpl',
    });
    expect(text).toContain('Burana 400 mg (resepti 3)');
    expect(text).toContain('Lääke loppunut: ei');
    expect(text).toContain('Lääkettä jäljellä ja riittää: 5 kpl');
    expect(text).toContain('Haittavaikutuksia: ei');
  });
});
