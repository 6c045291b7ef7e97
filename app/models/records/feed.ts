/**
 * The front page's record feed as the server renders it (spec 1 §3 FeedItemType): texts already
 * translated, links already built, so the browser needs no record texts. Client-safe.
 */
export interface FeedView {
  title: string;
  empty: string;
  renewLink: { href: string; text: string } | null;
  items: Array<{ key: string; href: string; title: string; meta: string; hint: string | null }>;
}
