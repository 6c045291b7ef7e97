/**
 * A conversation's messages (`data-scroll-to-last="<delay ms>"`) are scrolled to their end shortly
 * after the page is shown (spec 1 §4). Started once per element: a poll keeps the element, so it
 * does not scroll again.
 */
import { SCROLL_TO_LAST } from './attributes';
import { behaviour } from './behaviours';

export function registerScrollToLast(): void {
  behaviour(`[${SCROLL_TO_LAST}]`, (el) => {
    setTimeout(() => el.scrollIntoView({ block: 'end' }), Number(el.getAttribute(SCROLL_TO_LAST)));
  });
}
