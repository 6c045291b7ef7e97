/** The links of the one pager (./Pager.tsx), pure so that they are unit-tested. */

export interface PagerLink {
  href: string;
  text: string;
}

/** The previous and next links of a numbered list's page `page` (1-based); `href(n)` is page n's address. */
export function pageLinks(
  page: number,
  hasNext: boolean,
  href: (n: number) => string,
  texts: { previous: string; next: string },
): { previous: PagerLink | null; next: PagerLink | null } {
  return {
    previous: page > 1 ? { href: href(page - 1), text: texts.previous } : null,
    next: hasNext ? { href: href(page + 1), text: texts.next } : null,
  };
}
