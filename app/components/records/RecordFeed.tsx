/**
 * The front page's newest record items (spec 1 §3 FeedItemType) and the prescription renew
 * link. Its texts are translated on the server (front page loader), so the front page loads no
 * record text module and stays within its JavaScript budget.
 */
import { Link } from 'react-router';
import type { FeedView } from '~/models/records/feed';
import * as ui from '~/styles/ui.css';

export function RecordFeed({ feed }: { feed: FeedView }) {
  return (
    <section className={ui.card} aria-labelledby="feed-title">
      <h2 id="feed-title">{feed.title}</h2>
      {feed.items.length ? (
        <ul className={ui.list}>
          {feed.items.map((item) => (
            <li key={item.key}>
              <p className={ui.hint}>{item.meta}</p>
              <Link to={item.href}>{item.title}</Link>
              {item.hint ? <p>{item.hint}</p> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>{feed.empty}</p>
      )}
      {feed.renewLink ? (
        <p>
          <Link to={feed.renewLink.href}>{feed.renewLink.text}</Link>
        </p>
      ) : null}
    </section>
  );
}
