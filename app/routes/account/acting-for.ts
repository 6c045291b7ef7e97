/**
 * Acting for another adult on a Suomi.fi mandate (issue 42, ADR 0050): POST /acting-for/start,
 * GET /acting-for/return, POST /acting-for/stop — the mandate routes' one shape
 * (app/lib/http/mandate-routes.server.ts) over the HPA flow. The outcome is a flash on the front page.
 */
import type { FlashMessage } from '~/context';
import { mandateAction, mandateLoader, type MandateRoutes } from '~/lib/http/mandate-routes.server';
import { personMandate, type ActingError } from '~/services/people/e-authorizations/acting-for.server';
import type { Route } from './+types/acting-for';

const RETURN_PATH = '/acting-for/return';

const routes: MandateRoutes<ActingError, { firstName: string; lastName: string }> = {
  flow: personMandate,
  returnPath: RETURN_PATH,
  started: (principal) => ({
    page: 'front',
    flash: { type: 'success', key: 'actingFor.started', values: { name: `${principal.firstName} ${principal.lastName}` } },
  }),
  stopped: { type: 'info', key: 'actingFor.stopped' },
  failed: (error): FlashMessage => ({ type: error === 'cancelled' ? 'info' : 'error', key: `actingFor.errors.${error}` }),
};

export const loader = (args: Route.LoaderArgs) => mandateLoader(args, routes);
export const action = (args: Route.ActionArgs) => mandateAction(args, routes);
