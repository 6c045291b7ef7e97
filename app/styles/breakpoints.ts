/**
 * Screen sizes of the spec: small ≤ 480 px, medium ≤ 800 px, large above. Up to 800 px the side
 * navigation cannot stand beside the content, so it folds into a menu (issue 25): the page's
 * heading is on the first screen of a phone, held upright or sideways
 * (components/shell/SideNav.tsx).
 */

export const mediaQuery = {
  medium: 'screen and (min-width: 481px)',
  large: 'screen and (min-width: 801px)',
  smallOnly: 'screen and (max-width: 800px)',
} as const;
