/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): GET /dev/test-fixtures/error/*
 * throws from its loader an error whose message and cause carry what the request carried (its
 * path and query, where the error-reporting test puts an identity code, a phone number and a
 * message's text), as a careless loader's error would. The error-reporting test (ADR 0038)
 * proves it reaches the error reporter with none of that in it.
 */
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import type { Route } from './+types/test-error';

export function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment();
  const url = new URL(request.url);
  const said = [url.pathname, ...url.searchParams.values()].join(' ');
  throw new Error(`could not load ${said}`, { cause: new TypeError(`while reading ${said}`) });
}

/** Never rendered (the loader throws): the root error boundary's page is the answer. */
export default function TestError() {
  return null;
}
