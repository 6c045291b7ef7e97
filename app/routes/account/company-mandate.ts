/**
 * Acting for a client company on a Suomi.fi YPA mandate (issue 42 part 3, ADR 0050): POST
 * /company-mandate/start, GET /company-mandate/return, POST /company-mandate/stop — the mandate
 * routes' one shape (app/lib/http/mandate-routes.server.ts) over the YPA flow. Success leads to
 * the HR messages page.
 */
import type { FlashMessage } from '~/context';
import { mandateAction, mandateLoader, type MandateRoutes } from '~/lib/http/mandate-routes.server';
import { companyMandate, type CompanyMandateError } from '~/services/people/e-authorizations/company-mandate.server';
import type { Route } from './+types/company-mandate';

const COMPANY_RETURN_PATH = '/company-mandate/return';

/** The company's own outcomes; the service's failures read as in acting for a person. */
const COMPANY_ERRORS = ['cancelled', 'notStarted', 'noCompany', 'unknownCompany', 'noRole'] as const;
const companysOwn = (error: CompanyMandateError): error is (typeof COMPANY_ERRORS)[number] => (COMPANY_ERRORS as readonly string[]).includes(error);

const routes: MandateRoutes<CompanyMandateError, { name: string }> = {
  flow: companyMandate,
  returnPath: COMPANY_RETURN_PATH,
  started: (company) => ({ page: 'hrMessages', flash: { type: 'success', key: 'actingFor.company.started', values: { company: company.name } } }),
  stopped: { type: 'info', key: 'actingFor.company.stopped' },
  failed: (error): FlashMessage => ({
    type: error === 'cancelled' ? 'info' : 'error',
    key: companysOwn(error) ? `actingFor.company.errors.${error}` : `actingFor.errors.${error}`,
  }),
};

export const loader = (args: Route.LoaderArgs) => mandateLoader(args, routes);
export const action = (args: Route.ActionArgs) => mandateAction(args, routes);
