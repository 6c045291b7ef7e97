/**
 * Strong identification (vahva tunnistautuminen) adapter contract.
 *
 * Two implementations share this interface:
 *  - the production OIDC relying party for a Finnish Trust Network broker
 *    (`oidc-adapter.server.ts`), and
 *  - the built-in test identification service used in development and tests.
 *
 * The route layer owns the per-attempt secrets (state, nonce, PKCE verifier):
 * it generates them, keeps them in a short-lived database row keyed by the state's hash
 * (identification_flows) and hands them back to `complete()` on the callback.
 */

export type IdentificationLanguage = 'fi' | 'sv' | 'en';

export interface IdentificationStart {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  /** Identification method chosen by the user, e.g. 'fi-op', 'fi-nordea', 'fi-mobiilivarmenne'. */
  provider: string;
  language: IdentificationLanguage;
}

export interface IdentifiedPerson {
  /** Finnish personal identity code (henkilötunnus). Personal data: never log it. */
  identityCode: string;
  firstName: string | null;
  lastName: string | null;
}

export interface IdentificationAdapter {
  readonly kind: 'test' | 'oidc';
  /** URL the browser is redirected to (302) to start identification. */
  authorizationUrl(start: IdentificationStart): Promise<URL>;
  /**
   * Exchanges the callback (the full callback URL, query or form_post body
   * merged into its search params) for the person. Throws IdentificationError
   * on any failure.
   */
  complete(
    callbackUrl: URL,
    expected: {
      state: string;
      nonce: string;
      codeVerifier: string;
      redirectUri: string;
      /** The method asked for (`acr_values`, the flow's provider); the ID token's `acr` must be this. */
      acr: string;
    },
  ): Promise<IdentifiedPerson>;
}

export type IdentificationErrorCode = 'cancelled' | 'state_mismatch' | 'protocol' | 'no_identity_code' | 'acr_mismatch';

export class IdentificationError extends Error {
  // Declared explicitly (not as a constructor parameter property) so the file
  // also works with type-stripping loaders (erasableSyntaxOnly).
  public readonly code: IdentificationErrorCode;

  constructor(code: IdentificationErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'IdentificationError';
    this.code = code;
  }
}
