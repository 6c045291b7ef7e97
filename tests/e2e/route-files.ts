/**
 * Which route of app/routes.ts a path reaches, and whether its module handles a POST (exports
 * an action): for the no-script guard over the pages' forms (fixtures.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { matchRoutes, type RouteObject } from 'react-router';
import routes from '../../app/routes';

const APP = path.resolve(import.meta.dirname, '../../app');
/** Routes that speak another service's protocol (the test identification and payment services): no CSRF token of ours. */
const OWN_PROTOCOL = /^(test-idp|test-payments|oauth)\//;

interface RouteFacts {
  id: string;
  hasAction: boolean;
  ownProtocol: boolean;
}

const facts = new Map<string, RouteFacts>();
const objects: RouteObject[] = routes.map((entry) => {
  const id = entry.id ?? entry.file;
  const source = readFileSync(path.join(APP, entry.file), 'utf8');
  facts.set(id, {
    id,
    hasAction: /export (async )?function action\b|export const action\b|export \{[^}]*\baction\b/.test(source),
    ownProtocol: OWN_PROTOCOL.test(entry.path ?? ''),
  });
  return entry.index ? { id, index: true } : { id, path: entry.path ?? '' };
});

/** The route a path reaches, or null for none or the not-found page. */
export function routeOfPath(pathname: string): RouteFacts | null {
  const match = matchRoutes(objects, pathname)?.at(-1);
  if (!match?.route.id || match.route.id.startsWith('notFound')) return null;
  return facts.get(match.route.id) ?? null;
}
