/**
 * The guards of routes that exist only outside production: the test-fixture routes
 * (`routes/dev/test-*`, DEPLOYMENT_ENV=test only, a plain-text 404 elsewhere) and the
 * development conveniences (test identification, dev outbox, test payment bank page: any
 * deployment but production, the 404 page there). `also` is a route's extra condition, e.g. the
 * built-in test adapter being the configured one.
 */
import { env, isProductionDeployment } from '~/env.server';
import { notFound, notFoundText } from './responses';

/** Throws a plain-text 404 unless DEPLOYMENT_ENV=test and `also` holds. */
export function requireTestDeployment(also = true): void {
  if (env().DEPLOYMENT_ENV !== 'test' || !also) throw notFoundText();
}

/** Throws notFound() (the 404 page) in production, or when `also` does not hold. */
export function requireNonProduction(also = true): void {
  if (isProductionDeployment() || !also) throw notFound();
}
