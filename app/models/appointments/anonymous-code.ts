/**
 * The anonymous link's code: URL-safe base64 of "<appointment id>_<random token>". Only the
 * token's hash is stored. Returns null for anything malformed.
 */
export function encodeAnonymousCode(appointmentId: number, token: string): string {
  return base64UrlEncode(`${appointmentId}_${token}`);
}

export function parseAnonymousCode(code: string): { appointmentId: number; token: string } | null {
  if (!/^[A-Za-z0-9_-]{8,200}$/.test(code)) return null;
  const decoded = base64UrlDecode(code);
  if (decoded === null) return null;
  const match = /^(\d{1,15})_([A-Za-z0-9_-]{22,100})$/.exec(decoded);
  if (!match) return null;
  const appointmentId = Number(match[1]);
  return Number.isSafeInteger(appointmentId) && appointmentId > 0 ? { appointmentId, token: match[2]! } : null;
}

function base64UrlEncode(text: string): string {
  return btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function base64UrlDecode(code: string): string | null {
  try {
    const padded = code.replace(/-/g, '+').replace(/_/g, '/') + '==='.slice((code.length + 3) % 4);
    return atob(padded);
  } catch {
    return null;
  }
}
