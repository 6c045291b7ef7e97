/**
 * The browser library's attributes for JSX (the server's side of attributes.ts): `<button
 * {...attrs({ pending: text })}>` renders `data-pending="text"`; `true` renders an empty
 * attribute, `false` and `undefined` none.
 */
import * as A from './attributes';

const NAMES = {
  flashMs: A.FLASH_MS,
  dialog: A.DIALOG,
  pending: A.PENDING,
  submitting: A.SUBMITTING,
  label: A.LABEL,
  autoSubmit: A.AUTO_SUBMIT,
  countIn: A.COUNT_IN,
  countMax: A.COUNT_MAX,
  countText: A.COUNT_TEXT,
  countOver: A.COUNT_OVER,
  over: A.OVER,
  needsValid: A.NEEDS_VALID,
  blurRequired: A.BLUR_REQUIRED,
  blurInvalid: A.BLUR_INVALID,
  errorId: A.ERROR_ID,
  pollMs: A.POLL_MS,
  toasts: A.TOASTS,
  toastClass: A.TOAST_CLASS,
  ssnBoxes: A.SSN_BOXES,
  ssnAllowed: A.SSN_ALLOWED,
  maxBytes: A.MAX_BYTES,
  sizeAlert: A.SIZE_ALERT,
  serverError: A.SERVER_ERROR,
  selectAll: A.SELECT_ALL,
  followUps: A.FOLLOW_UPS,
  when: A.WHEN,
  phone: A.PHONE,
  kelaUpload: A.KELA_UPLOAD,
  kelaError: A.KELA_ERROR,
  scrollToLast: A.SCROLL_TO_LAST,
} as const;

export type BrowserAttribute = keyof typeof NAMES;

export function attrs(values: Partial<Record<BrowserAttribute, string | number | boolean | undefined>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === false) continue;
    out[NAMES[key as BrowserAttribute]] = value === true ? '' : String(value);
  }
  return out;
}
