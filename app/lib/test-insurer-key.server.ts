/** How the built-in test insurer keys its customers: the SHA-256 of the identity code (never stored in clear). */
import { sha256 } from './crypto.server';

export const testInsurerIdentityHash = (identityCode: string): string => sha256(`test-insurer:${identityCode}`);
