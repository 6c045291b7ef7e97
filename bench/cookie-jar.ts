/**
 * A minimal cookie jar for talking to one origin: remembers name=value pairs from Set-Cookie
 * headers (attributes other than an expiry are ignored) and renders a Cookie header.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Remembers (or forgets, when expired) the cookies a response sets. */
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) this.storeSetCookie(line);
  }

  storeSetCookie(line: string): void {
    const [pair = '', ...attributes] = line.split(';');
    const eq = pair.indexOf('=');
    if (eq <= 0) return;
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (value === '' || attributes.some(isExpiry)) this.#cookies.delete(name);
    else this.#cookies.set(name, value);
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  has(name: string): boolean {
    return this.#cookies.has(name);
  }

  get size(): number {
    return this.#cookies.size;
  }

  names(): string[] {
    return [...this.#cookies.keys()];
  }

  /** The value of a Cookie request header. */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** Whether a Set-Cookie attribute deletes the cookie (Max-Age ≤ 0 or an Expires in the past). */
function isExpiry(attribute: string): boolean {
  const eq = attribute.indexOf('=');
  if (eq < 0) return false;
  const key = attribute.slice(0, eq).trim().toLowerCase();
  const value = attribute.slice(eq + 1).trim();
  if (key === 'max-age') return Number(value) <= 0;
  if (key === 'expires') return Date.parse(value) <= Date.now();
  return false;
}
