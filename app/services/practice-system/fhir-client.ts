/**
 * The FHIR R4 client of the practice system (ADR 0051): JSON over HTTPS, authorised as a SMART
 * Backend Services client (smart-auth.ts). The token is cached and renewed a minute before it
 * ends (or once, when the server answers 401 to it). Every call has a timeout. Failures are
 * mapped, never thrown raw: `PracticeSystemError` with a kind the callers turn into a translated
 * message; its text names the operation and the status only (no health data, no identifiers).
 */
import type { KeyObject } from 'node:crypto';
import type { Bundle, BundleEntry, OperationOutcome, Resource } from '@medplum/fhirtypes';
import { clock } from '~/lib/clock.server';
import { clientAssertion, CLIENT_ASSERTION_TYPE } from './smart-auth';

/** `unavailable`: no answer or 5xx; `timeout`: no answer in time; `conflict`: a version check (If-Match) failed; `rejected`: a 4xx; `unauthorized`: the token endpoint refused us. */
export type PracticeSystemErrorKind = 'unavailable' | 'timeout' | 'conflict' | 'rejected' | 'unauthorized';

export class PracticeSystemError extends Error {
  constructor(
    readonly kind: PracticeSystemErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PracticeSystemError';
  }
}

export interface FhirClientConfig {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  key: KeyObject;
  keyId?: string;
  timeoutMs: number;
  scope?: string;
}

/** Renew this long before the token's end. */
const RENEW_BEFORE_MS = 60_000;

export interface FhirClient {
  read<T extends Resource>(path: string): Promise<T>;
  /** A search or history URL (relative to the base, or a full `next` link); one page. */
  bundle<T extends Resource = Resource>(pathOrUrl: string): Promise<Bundle<T>>;
  /** A create; with `ifNoneExist` (search parameters) a conditional one: the match if there is one. */
  create<T extends Resource>(resource: T, options?: { ifNoneExist?: string }): Promise<T>;
  update<T extends Resource>(resource: T & { id: string }, ifMatchVersion?: string): Promise<T>;
  remove(path: string): Promise<void>;
  transaction(entries: BundleEntry[]): Promise<Bundle>;
  /** How many tokens it has fetched (tests and metrics). */
  tokensFetched(): number;
}

function outcomeText(body: unknown): string {
  const outcome = body as OperationOutcome | undefined;
  const issue = outcome?.resourceType === 'OperationOutcome' ? outcome.issue?.[0] : undefined;
  return issue?.code ?? '';
}

export function createFhirClient(config: FhirClientConfig): FhirClient {
  let cached: { token: string; expiresAt: number } | null = null;
  let pending: Promise<string> | null = null;
  let fetched = 0;

  async function call(url: string, init: RequestInit, operation: string): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs) });
    } catch (error) {
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PracticeSystemError(timedOut ? 'timeout' : 'unavailable', `${operation}: ${timedOut ? 'no answer in time' : 'not reached'}`);
    }
  }

  async function fetchToken(): Promise<string> {
    const now = clock.now();
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      scope: config.scope ?? 'system/*.rs system/Appointment.cu system/Slot.u system/Patient.cr',
      client_assertion_type: CLIENT_ASSERTION_TYPE,
      client_assertion: clientAssertion({ clientId: config.clientId, tokenUrl: config.tokenUrl, key: config.key, keyId: config.keyId, now: clock.toWall(now) }),
    });
    const res = await call(
      config.tokenUrl,
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: form },
      'token',
    );
    const body = (await res.json().catch(() => null)) as { access_token?: string; expires_in?: number } | null;
    if (res.status >= 500) throw new PracticeSystemError('unavailable', `token: status ${res.status}`, res.status);
    if (!res.ok || !body?.access_token) throw new PracticeSystemError('unauthorized', `token: status ${res.status}`, res.status);
    fetched += 1;
    cached = { token: body.access_token, expiresAt: now.getTime() + (body.expires_in ?? 300) * 1000 };
    return body.access_token;
  }

  async function token(): Promise<string> {
    if (cached && cached.expiresAt - RENEW_BEFORE_MS > clock.nowMs()) return cached.token;
    // One fetch for all callers waiting at once.
    pending ??= fetchToken().finally(() => {
      pending = null;
    });
    return pending;
  }

  async function request<T>(method: string, pathOrUrl: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: T }> {
    const url = /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${config.baseUrl}/${pathOrUrl}`;
    const operation = `${method} ${pathOrUrl.replace(config.baseUrl, '').split('?')[0]!.split('/').filter(Boolean)[0] ?? 'transaction'}`;
    for (let attempt = 0; ; attempt++) {
      const res = await call(
        url,
        {
          method,
          headers: {
            accept: 'application/fhir+json',
            authorization: `Bearer ${await token()}`,
            ...(body ? { 'content-type': 'application/fhir+json' } : {}),
            ...headers,
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        },
        operation,
      );
      if (res.status === 401 && attempt === 0) {
        cached = null;
        continue;
      }
      const text = await res.text().catch(() => {
        throw new PracticeSystemError('unavailable', `${operation}: answer cut off`);
      });
      let parsed: unknown = undefined;
      if (text) {
        try {
          parsed = JSON.parse(text);
        } catch {
          throw new PracticeSystemError('unavailable', `${operation}: not JSON (status ${res.status})`, res.status);
        }
      }
      if (res.ok) return { status: res.status, body: parsed as T };
      if (res.status >= 500) throw new PracticeSystemError('unavailable', `${operation}: status ${res.status}`, res.status);
      if (res.status === 412 || res.status === 409) throw new PracticeSystemError('conflict', `${operation}: status ${res.status}`, res.status);
      if (res.status === 401 || res.status === 403) throw new PracticeSystemError('unauthorized', `${operation}: status ${res.status}`, res.status);
      throw new PracticeSystemError('rejected', `${operation}: status ${res.status} ${outcomeText(parsed)}`.trim(), res.status);
    }
  }

  return {
    read: async (path) => (await request<never>('GET', path)).body,
    bundle: async (pathOrUrl) => (await request<never>('GET', pathOrUrl)).body,
    create: async (resource, options) =>
      (await request<never>('POST', resource.resourceType, resource, options?.ifNoneExist ? { 'if-none-exist': options.ifNoneExist } : {})).body,
    update: async (resource, ifMatchVersion) =>
      (await request<never>('PUT', `${resource.resourceType}/${resource.id}`, resource, ifMatchVersion ? { 'if-match': `W/"${ifMatchVersion}"` } : {})).body,
    remove: async (path) => {
      await request('DELETE', path);
    },
    transaction: async (entries) => {
      const result = await request<Bundle>('POST', '', { resourceType: 'Bundle', type: 'transaction', entry: entries });
      // A transaction answers as a whole; a failed entry fails it (status 4xx above), so this is all 2xx.
      return result.body;
    },
    tokensFetched: () => fetched,
  };
}
