import { describe, expect, it } from 'vitest';
import { choosesAgain, type MoveRefusal } from './move';

describe('where a refused move goes', () => {
  it('back to choose another time when the time was the trouble, including a remote time the company insurance does not pay', () => {
    const again: MoveRefusal[] = [
      { type: 'slotTaken' },
      { type: 'slotNotAvailable' },
      { type: 'sameTime' },
      { type: 'payerRefusesTime', reason: 'remoteNotCovered' },
    ];
    for (const refusal of again) expect(choosesAgain(refusal)).toBe(true);
  });

  it('back to the appointment when the appointment or its payer cannot be moved online', () => {
    const done: MoveRefusal[] = [
      { type: 'notMovable' },
      { type: 'tooLate', hours: 24 },
      { type: 'bindingConsentRequired' },
      { type: 'payerNotEligible', reason: 'notCreditworthy' },
      { type: 'payerNotEligible', reason: 'treatmentChainCreationFailed' },
      { type: 'unknownError' },
    ];
    for (const refusal of done) expect(choosesAgain(refusal)).toBe(false);
  });
});
