/**
 * The one pager of every paged list (records, messages, staff lists, the access log): a labelled
 * navigation with plain links to the previous and the next page, so it works without JavaScript,
 * and optionally where one is ("Page 2 of 5"). Nothing when there is neither link.
 */
import { Link } from 'react-router';
import * as ui from '~/styles/ui.css';
import type { PagerLink } from './pager-links';

export { pageLinks } from './pager-links';

export function Pager({ label, previous, next, current }: { label: string; previous: PagerLink | null; next: PagerLink | null; current?: string }) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className={ui.pager}>
      {previous ? <Link to={previous.href}>{previous.text}</Link> : null}
      {current ? <span>{current}</span> : null}
      {next ? <Link to={next.href}>{next.text}</Link> : null}
    </nav>
  );
}
