/**
 * The contract between the server's markup and the browser library (ADR 0009): every data
 * attribute a behaviour reads, named once. Components use them through `attrs` (markup.ts), never as raw
 * strings; the behaviours in this folder read them. Separate constants, so that the minifier
 * inlines each where it is used.
 */
/** An element hidden after this many milliseconds (a flash message). */
export const FLASH_MS = 'data-flash-ms';
/** A link that opens the `<dialog>` with this id (ConfirmLink); without JS the link's page. */
export const DIALOG = 'data-dialog';
/** A submit button that shows this text and is disabled while its form is being sent. */
export const PENDING = 'data-pending';
/** Set by `pending` on a form being sent; a second submit is ignored. */
export const SUBMITTING = 'data-submitting';
/** The button's own text, kept while it shows its pending text. */
export const LABEL = 'data-label';
/** A form submitted on every change (a GET filter). */
export const AUTO_SUBMIT = 'data-auto-submit';
/** A textarea's counter: the counter element's id, the limit, its text (`{count}`) and the over-limit text. */
export const COUNT_IN = 'data-count-in';
export const COUNT_MAX = 'data-count-max';
export const COUNT_TEXT = 'data-count-text';
export const COUNT_OVER = 'data-count-over';
/** Set on a counter past its limit. */
export const OVER = 'data-over';
/** A button disabled while its form fails its native constraints. */
export const NEEDS_VALID = 'data-needs-valid';
/** A field's warnings on leaving it: when empty, when malformed, and its error element's id. */
export const BLUR_REQUIRED = 'data-blur-required';
export const BLUR_INVALID = 'data-blur-invalid';
export const ERROR_ID = 'data-error-id';
/** A region (with an id) refreshed from the page's URL every so many milliseconds. */
export const POLL_MS = 'data-poll-ms';
/** Where the session warnings go, and their class. */
export const TOASTS = 'data-page-toasts';
export const TOAST_CLASS = 'data-toast-class';
/** The identity code's last four boxes; each box's allowed characters. */
export const SSN_BOXES = 'data-ssn-boxes';
export const SSN_ALLOWED = 'data-ssn-allowed';
/** A file input refusing a selection over this many bytes; its alert; errors a change hides. */
export const MAX_BYTES = 'data-max-bytes';
export const SIZE_ALERT = 'data-size-alert';
export const SERVER_ERROR = 'data-server-error';
/** A form whose `intent=selectAll` / `intent=clear` buttons (un)check its `id` boxes in place. */
export const SELECT_ALL = 'data-select-all';
/** A form with follow-up blocks (`data-when="question=answer"`); the value is its hint's id. */
export const FOLLOW_UPS = 'data-follow-ups';
export const WHEN = 'data-when';
/** A form whose `phoneNumber` field is normalised to `+358…` on leaving it. */
export const PHONE = 'data-phone';
/** The Kela card upload; its value is the JSON of `KelaUploadConfig`. */
export const KELA_UPLOAD = 'data-kela-upload';
export const KELA_ERROR = 'data-kela-error';
/** An element scrolled into view (its end) shortly after the page is shown. */
export const SCROLL_TO_LAST = 'data-scroll-to-last';

/** The response header a page's answer carries with the session's milliseconds left (a poll reads it). */
export const SESSION_LEFT_HEADER = 'X-Portal-Session-Ms';
