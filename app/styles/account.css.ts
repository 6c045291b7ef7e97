/** My information's own styles (the forms share booking.css). Brand-neutral. */
import { style } from '@vanilla-extract/css';

/**
 * A guardian's address fields, hidden while "same address as the child" is ticked (spec 2 §5):
 * CSS alone, so it works with and without JS; the server ignores the
 * address of a guardian with the same address.
 */
export const guardianAddress = style({
  selectors: { 'fieldset:has(input[name$="isGuardianHasSameAddress"]:checked) &': { display: 'none' } },
});
