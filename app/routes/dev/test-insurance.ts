/**
 * Test support (DEPLOYMENT_ENV=test only; 404 everywhere else): a customer of the built-in test
 * insurer, so each end-to-end test has its own policy and permits.
 * GET /dev/test-fixtures/insurance?identityCode=…&insurer=LAHITAPIOLA|OP|IF…
 *   [&permits=Selkäkipu:Selkä,Polvikipu:Polvi][&failingPermit=Olkakipu:Olkapää]
 * Policies are valid from a year ago to a year ahead; permits for 90 days. Answers {ok: true}.
 */
import { env } from '~/env.server';
import { requireTestDeployment } from '~/lib/http/test-deployment.server';
import { json } from '~/lib/http/api.server';
import { addDays, helsinkiDate } from '~/lib/dates';
import { isInsurer } from '~/models/booking/insurance';
import { getDb } from '~/services/db/db.server';
import { createTestInsurerCustomer } from '~/services/booking/insurance/test-insurer.server';
import { clock } from '~/lib/clock.server';
import type { Route } from './+types/test-insurance';

function permitList(value: string | null, failsTreatmentChain: boolean, validTo: string) {
  return (value ?? '')
    .split(',')
    .filter(Boolean)
    .map((pair) => {
      const [symptom = '', bodyPart = ''] = pair.split(':');
      return { symptom, bodyPart, validTo, failsTreatmentChain };
    })
    .filter((p) => p.symptom && p.bodyPart);
}

export async function loader({ request }: Route.LoaderArgs) {
  requireTestDeployment(env().INSURERS === 'test');
  const params = new URL(request.url).searchParams;
  const identityCode = params.get('identityCode') ?? '';
  const insurer = params.get('insurer');
  if (!identityCode || !isInsurer(insurer)) return json({ error: 'identityCode and insurer' }, 400);
  const today = helsinkiDate(clock.now());
  const permitValidTo = addDays(today, 90);
  await createTestInsurerCustomer(await getDb(), identityCode, {
    insurer,
    validFrom: addDays(today, -365),
    validTo: addDays(today, 365),
    permits: [...permitList(params.get('permits'), false, permitValidTo), ...permitList(params.get('failingPermit'), true, permitValidTo)],
  });
  return json({ ok: true });
}
