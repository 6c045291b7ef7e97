/**
 * Suomi.fi e-Authorizations (issue 42, docs/decisions/0050-e-authorizations.md): whom a strongly
 * identified person may act for — another person (HPA, person to person) or a company (YPA,
 * person to company) — asked through the Web API: register a Web API session for the person,
 * send them to the selection interface, exchange the returned code for an access token, then
 * query the chosen principal's mandate. The same protocol is spoken to DVV's service and to the
 * built-in test service (E_AUTHORIZATIONS).
 */

export type MandateKind = 'hpa' | 'ypa';

/** A registered Web API session (the service's ids; neither is a secret on its own). */
export interface EAuthSession {
  kind: MandateKind;
  sessionId: string;
  userId: string;
}

/** A person the delegate chose to act for (HPA). */
export interface Principal {
  personId: string;
  name: string;
}

/** A company the person chose to represent, and their roles in it (YPA). */
export interface Organization {
  businessId: string;
  name: string;
  roles: string[];
}

export type EAuthErrorCode =
  /** The service did not answer (down, timeout, 5xx). */
  | 'unavailable'
  /** The Web API session or access token is no longer valid (HTTP 401). */
  | 'sessionExpired'
  /** The service refused our request's timestamp: our clock is off by more than ±5 minutes. */
  | 'clockSkew'
  /** The service refused the request's authentication (client id or checksum). */
  | 'refused'
  /** An answer outside the protocol. */
  | 'protocol';

export class EAuthorizationsError extends Error {
  constructor(
    readonly code: EAuthErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'EAuthorizationsError';
  }
}

export interface EAuthorizations {
  kind: 'test' | 'webapi';
  /** Registers a Web API session for the strongly identified person. */
  register(kind: MandateKind, identityCode: string): Promise<EAuthSession>;
  /** Where the person picks whom to act for; the service returns them to `redirectUri` with `code`. */
  selectionUrl(session: EAuthSession, input: { redirectUri: string; language: string }): URL;
  /** The selection's one-time code for the session's access token. */
  accessToken(code: string, redirectUri: string): Promise<string>;
  /** HPA: the principal(s) the person chose. */
  principals(session: EAuthSession, token: string): Promise<Principal[]>;
  /** HPA: whether the mandate for `principalId` covers `issue` now. */
  authorized(session: EAuthSession, token: string, principalId: string, issue: string): Promise<boolean>;
  /** YPA: the company the person chose and their roles in it. */
  organizationRoles(session: EAuthSession, token: string): Promise<Organization[]>;
}
