/** Screen sizes of the spec: small ≤ 480 px, medium ≤ 800 px, large above. */
export const mediaQuery = {
  medium: 'screen and (min-width: 481px)',
  large: 'screen and (min-width: 801px)',
  smallOnly: 'screen and (max-width: 800px)',
} as const;
