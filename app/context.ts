/**
 * Typed values shared by the middleware and the loaders/actions of one request.
 * Set by server.ts (request info) and app/middleware (everything else).
 */
import { createContext } from 'react-router';
import type { BrandKey } from '~/brands';
import type { Language } from '~/i18n/config';
import type { TextKey } from '~/i18n/keys';
import type { Features } from '~/models/features';
import type { PageMatch } from '~/route-match';
import type { SessionRow } from '~/services/auth/session.server';
import type { PersonRow } from '~/services/people/people.server';

export interface RequestInfo {
  /** CSP nonce for inline scripts of this response. */
  nonce: string;
  /**
   * The client address the per-address limits count: the X-Forwarded-For entry TRUST_PROXY hops
   * from the right (0: the connection's), an IPv6 address as its /64 (lib/http/client-address.server.ts).
   */
  clientIp: string;
  /** Our own origin as the browser sees it, e.g. https://oma.example.fi. */
  origin: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: '', clientIp: 'unknown', origin: '' });

export interface Ward {
  id: string;
  firstName: string;
  lastName: string;
  birthDate: string;
}

export interface Auth {
  session: SessionRow;
  person: PersonRow;
  wards: Ward[];
  features: Features;
  /** An active HR user of a client company (ADR 0042): the navigation links the company's conversations. */
  isHrUser: boolean;
  /** The adult the person acts for on a Suomi.fi mandate, checked on this request (ADR 0050), or null. */
  actingFor?: ActingFor | null;
  /** The client company the person represents on a Suomi.fi YPA mandate, checked on this request (ADR 0050), or null. */
  actingForCompany?: { contractId: string; name: string } | null;
}

export interface ActingFor {
  person: { id: string; firstName: string; lastName: string };
  /** The mandate's issues the portal asked about and Suomi.fi allowed: appointments, invoices, records. */
  issues: string[];
}

/** The logged-in user, or null. */
export const authContext = createContext<Auth | null>(null);

/** Why the session cookie no longer works, when it does not. */
export const expiredSessionContext = createContext<'idle' | 'absolute' | 'revoked' | null>(null);

export interface PortalContext {
  lang: Language;
  brand: BrandKey;
  page: PageMatch | null;
  /** CSRF token for forms of this visitor (the session's, or the anonymous cookie's). */
  csrfToken: string;
  inApp: boolean;
}

export const portalContext = createContext<PortalContext>();

export type FlashMessage = {
  type: 'success' | 'info' | 'error';
  key: TextKey;
  values?: Record<string, string>;
  /** Append the brand's customer-service phone link (e.g. to cancellation failures). */
  withPhone?: boolean;
  /** With JS the message disappears after this long. */
  durationMs?: number;
};

export const flashContext = createContext<FlashMessage | null>(null);

/**
 * Seconds until a per-person rate limit lets this request's person try again, when something
 * refused it (429). A page's answer is rendered by React Router, which drops the refusal's own
 * headers, so the session middleware copies this into `Retry-After`.
 */
export const retryAfterContext = createContext<number | null>(null);
