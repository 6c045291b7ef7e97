/**
 * Phones (issue 25): at most this wide the side navigation folds into a menu, so the page's
 * heading is on the first screen; wider, it is always shown (components/shell/SideNav.tsx).
 * A module of its own, so the side navigation's script takes the number and not the media
 * queries of breakpoints.ts with it (into the chunk every page loads).
 */
export const PHONE_MAX_WIDTH = 600;
