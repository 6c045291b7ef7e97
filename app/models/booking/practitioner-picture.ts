/**
 * A practitioner's profile picture as a page may show it (spec 2 §3, spec 3 §3
 * `cmsContent.profilePicture.url`; ADR 0049): a path on the portal's own origin, or an https
 * URL on the content system's image host (`PRACTITIONER_PICTURE_ORIGIN`, which the CSP's img-src
 * allows). Anything else is not shown, so a picture never breaks the page's CSP nor loads from
 * an unexpected host. Client-safe.
 */
export function profilePictureSrc(url: string | null | undefined, allowedOrigin: string | null | undefined): string | null {
  if (!url) return null;
  // Our own path ("/images/…"); never "//host" or "/\host", which browsers read as another host.
  if (/^\/[A-Za-z0-9_-]/.test(url)) return url;
  if (!allowedOrigin || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.protocol === 'https:' && parsed.origin === allowedOrigin && !parsed.username && !parsed.password ? parsed.href : null;
}
