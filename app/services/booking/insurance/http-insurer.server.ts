/**
 * The insurer gateway's protocol (INSURERS=http; ADR 0022): JSON over HTTPS, one POST per
 * question, identity codes only in request bodies (never in addresses), the client id and API
 * key in headers, every call limited by INSURER_GATEWAY_TIMEOUT_MS. Answers are checked with
 * zod; a timeout, a network failure, a non-2xx status or an unexpected body is `error` (the
 * treatment chain: `failed`), logged without the person.
 */
import { z } from 'zod';
import { logger } from '~/services/observability/logger.server';
import type { InsuredPerson, InsurerAdapter } from './insurer-adapter';

export interface GatewayOptions {
  baseUrl: string;
  clientId: string;
  apiKey: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

const permitSchema = z.object({
  symptom: z.string().min(1).max(200),
  bodyPart: z.string().min(1).max(200),
  validTo: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  contentHash: z.string().min(1).max(200),
});

export function httpInsurer(options: GatewayOptions): InsurerAdapter {
  const doFetch = options.fetch ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');

  async function call<T>(
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<{ ok: true; status: number; data: T } | { ok: false; status: number | null }> {
    try {
      const response = await doFetch(`${base}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-client-id': options.clientId,
          'x-api-key': options.apiKey,
        },
        body: JSON.stringify(body),
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      if (!response.ok) {
        await response.body?.cancel();
        logger.warn({ path, status: response.status }, 'insurer gateway refused');
        return { ok: false, status: response.status };
      }
      const parsed = schema.safeParse(await response.json());
      if (!parsed.success) {
        logger.warn({ path }, 'insurer gateway answered an unexpected body');
        return { ok: false, status: response.status };
      }
      return { ok: true, status: response.status, data: parsed.data };
    } catch (error) {
      logger.warn({ path, reason: error instanceof Error ? error.name : 'unknown' }, 'insurer gateway failed');
      return { ok: false, status: null };
    }
  }
  const who = (person: InsuredPerson) => ({ identityCode: person.identityCode });

  return {
    async lahiTapiolaPolicyCheck(person) {
      const r = await call('/lahitapiola/policy-check', who(person), z.object({ hasHealthcarePolicy: z.boolean() }));
      return r.ok ? { type: 'success', hasHealthcarePolicy: r.data.hasHealthcarePolicy } : { type: 'error' };
    },
    async lahiTapiolaPermits(person) {
      const r = await call('/lahitapiola/permits', who(person), z.object({ permits: z.array(permitSchema).max(100) }));
      return r.ok ? { type: 'success', permits: r.data.permits } : { type: 'error' };
    },
    async startPermitApplication(person, { returnUrl, channel }) {
      const r = await call(
        '/lahitapiola/permit-applications',
        { ...who(person), returnUrl, channel },
        z.object({ redirectUrl: z.url().refine((u) => u.startsWith('https://') || u.startsWith('http://')) }),
      );
      return r.ok ? { type: 'redirect', url: r.data.redirectUrl } : { type: 'error' };
    },
    async createTreatmentChain(person, { contentHash, startAt }) {
      const r = await call(
        '/lahitapiola/treatment-chains',
        { ...who(person), contentHash, startAt: startAt.toISOString() },
        z.object({ created: z.literal(true) }),
      );
      return r.ok ? { type: 'success' } : { type: 'failed' };
    },
    async opPersonalInsurance(person) {
      const r = await call('/op/personal-insurance', who(person), z.object({ found: z.boolean() }));
      return r.ok ? { type: r.data.found ? 'found' : 'not_found' } : { type: 'error' };
    },
    async pohjolaCheck(person, date) {
      const r = await call('/pohjola/insurance-check', { ...who(person), date }, z.object({ hasInsurance: z.boolean() }));
      return r.ok ? { type: 'success', hasInsurance: r.data.hasInsurance } : { type: 'error' };
    },
  };
}
