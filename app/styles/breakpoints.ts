/**
 * Screen sizes of the spec: small ≤ 480 px, medium ≤ 800 px, large above; and phones (issue 25):
 * at most 600 px wide the side navigation folds into a menu, so the page's heading is on the
 * first screen (components/shell/SideNav.tsx).
 */
export const PHONE_MAX_WIDTH = 600;

export const mediaQuery = {
  medium: 'screen and (min-width: 481px)',
  large: 'screen and (min-width: 801px)',
  smallOnly: 'screen and (max-width: 800px)',
  /** Wider than a phone: the side navigation is always shown. */
  abovePhone: `screen and (min-width: ${PHONE_MAX_WIDTH + 1}px)`,
} as const;
