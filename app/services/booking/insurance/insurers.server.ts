/** The insurer adapter of this deployment (INSURERS): the built-in test insurer or the gateway. */
import { env } from '~/env.server';
import type { Db } from '~/services/db/db.server';
import { httpInsurer } from './http-insurer.server';
import type { InsurerAdapter } from './insurer-adapter';
import { testInsurer } from './test-insurer.server';

export function insurerAdapter(db: Db): InsurerAdapter {
  const e = env();
  if (e.INSURERS === 'http') {
    return httpInsurer({
      baseUrl: e.INSURER_GATEWAY_URL!,
      clientId: e.INSURER_GATEWAY_CLIENT_ID!,
      apiKey: e.INSURER_GATEWAY_API_KEY!,
      timeoutMs: e.INSURER_GATEWAY_TIMEOUT_MS,
    });
  }
  return testInsurer(db);
}
