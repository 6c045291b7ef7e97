/**
 * Which calendar the portal runs on (ADR 0051): `PRACTICE_SYSTEM=builtin` (its own tables, no
 * client) or `fhir` (the practice system's FHIR R4 server, one client per process).
 */
import { env } from '~/env.server';
import { createFhirClient, type FhirClient } from './fhir-client';
import { privateKeyOf } from './smart-auth';

let client: FhirClient | null | undefined;

/** The practice system's client, or null with the built-in calendar. */
export function practiceSystemClient(): FhirClient | null {
  if (client !== undefined) return client;
  const e = env();
  client =
    e.PRACTICE_SYSTEM === 'fhir'
      ? createFhirClient({
          baseUrl: e.FHIR_BASE_URL!.replace(/\/$/, ''),
          tokenUrl: e.FHIR_TOKEN_URL!,
          clientId: e.FHIR_CLIENT_ID!,
          key: privateKeyOf(e.FHIR_CLIENT_KEY!),
          keyId: e.FHIR_KEY_ID,
          timeoutMs: e.FHIR_TIMEOUT_MS,
        })
      : null;
  return client;
}
