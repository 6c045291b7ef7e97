/**
 * The device a login session was opened on, as "my devices" shows it (issue 23 part 3): the
 * browser's and the operating system's names and the kind of device, read from the User-Agent
 * header at login. Only these short labels are stored (`sessions.device_*`), never the header
 * itself: it is enough to recognise one's own phone or laptop, and it is less of a fingerprint.
 *
 * A small parser of the common browsers, not a full user-agent database: anything it does not
 * recognise is `null` and the page says "unknown". The order of the checks matters, since most
 * browsers also claim to be Safari, Chrome or Mozilla (e.g. Edge says "Chrome … Safari … Edg/").
 * Pure and client-safe.
 */

export const DEVICE_KINDS = ['desktop', 'mobile', 'tablet'] as const;
export type DeviceKind = (typeof DEVICE_KINDS)[number];

export interface DeviceLabel {
  /** e.g. "Firefox", "Chrome", "Safari", "Edge"; null when not recognised. */
  browser: string | null;
  /** e.g. "Windows", "macOS", "iOS", "iPadOS", "Android", "Linux"; null when not recognised. */
  os: string | null;
  /** null when not recognised (a bot, a script, an empty header). */
  kind: DeviceKind | null;
}

/** The longest label kept: a header is the client's to write, so nothing of it is trusted. */
const MAX_LABEL = 40;

const BROWSERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bEdgA?\/|\bEdgiOS\//, 'Edge'],
  [/\bOPR\/|\bOPT\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bYaBrowser\//, 'Yandex'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\b(?:Headless)?Chrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bMSIE |\bTrident\//, 'Internet Explorer'],
];

/** The browser's name, recognised from the most specific token first. */
function browserOf(ua: string): string | null {
  for (const [pattern, name] of BROWSERS) if (pattern.test(ua)) return name;
  return null;
}

function osOf(ua: string): string | null {
  if (/\biPad\b/.test(ua)) return 'iPadOS';
  if (/\biPhone\b|\biPod\b/.test(ua)) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bMac OS X\b|\bMacintosh\b/.test(ua)) return 'macOS';
  if (/\bLinux\b|\bX11\b/.test(ua)) return 'Linux';
  return null;
}

function kindOf(ua: string, os: string | null): DeviceKind | null {
  if (/\biPad\b|\bTablet\b/.test(ua)) return 'tablet';
  // Android phones say "Mobile"; Android tablets leave it out.
  if (os === 'Android') return /\bMobile\b/.test(ua) ? 'mobile' : 'tablet';
  if (os === 'iOS' || /\bMobile\b|\bIEMobile\b/.test(ua)) return 'mobile';
  if (os === 'Windows' || os === 'macOS' || os === 'Linux' || os === 'ChromeOS') return 'desktop';
  return null;
}

/** What the session shows of the device behind a User-Agent header (null or absent: nothing known). */
export function parseUserAgent(header: string | null | undefined): DeviceLabel {
  const ua = (header ?? '').slice(0, 1024);
  if (!ua.trim()) return { browser: null, os: null, kind: null };
  const os = osOf(ua);
  const browser = browserOf(ua);
  return { browser: browser?.slice(0, MAX_LABEL) ?? null, os: os?.slice(0, MAX_LABEL) ?? null, kind: kindOf(ua, os) };
}

/** Whether a stored value is one of the device kinds (the column is text). */
export function isDeviceKind(value: unknown): value is DeviceKind {
  return typeof value === 'string' && (DEVICE_KINDS as readonly string[]).includes(value);
}

/**
 * How a session's person identified, as "my devices" names it: a bank's codes (the bank's proper
 * name), the mobile certificate, an SMS code (a resumed session, ADR 0012), or something else.
 */
export type IdentificationMethod = { type: 'bank'; name: string } | { type: 'mobile' } | { type: 'sms' } | { type: 'other' };

/** One session of the person, as "my devices" lists it (times formatted by the server). */
export interface DeviceSessionView {
  /** The session's public id (the revoke form's value); never its token or hash. */
  id: string;
  device: DeviceLabel;
  /** Opened in the mobile app's web view. */
  inApp: boolean;
  method: IdentificationMethod;
  startedText: string;
  lastActiveText: string;
  current: boolean;
}
