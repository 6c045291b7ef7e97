/**
 * Route glue of the health-record list pages and the access log: what their loaders start with (who
 * asks, whose records, which page of the list); another person's records are notFound().
 */
import type { RouterContextProvider } from 'react-router';
import { portalContext } from '~/context';
import { invariantResponse, requireAuth } from '~/lib/http/page.server';
import { chosenPerson, recordViewerOf } from '~/services/people/viewer.server';
import { pageNumber } from '~/models/paging';

export function recordRequest(context: Readonly<RouterContextProvider>, request: Request, pageParam = 'page') {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const url = new URL(request.url);
  const viewer = recordViewerOf(auth);
  const person = chosenPerson(viewer, url.searchParams.get('person'));
  invariantResponse(person);
  const choices = viewer.people.length > 1 ? viewer.people.map((p, i) => ({ ...p, current: p.id === person.id, self: i === 0 })) : [];
  return { viewer, person, lang, page: pageNumber(url.searchParams.get(pageParam)), choices };
}
