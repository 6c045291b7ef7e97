/**
 * How long a notice after an action (a flash message: components/FlashMessage.tsx) stays on
 * screen with JavaScript: spec 1 §8 "toasts vanish after 10 s by default", spec 2 §4 the front
 * page's "appointment cancelled" 15 s, spec 2 §8–§9 the reason for the visit's notices 5 s.
 * Without JavaScript a notice is simply part of the one page it was rendered on. Listed as a
 * known problem in the accessibility statement (WCAG 2.2.1; models/shell/accessibility-statement.ts).
 * Client-safe.
 */
export const FLASH_MS = {
  default: 10_000,
  appointmentCancelled: 15_000,
  arrivalReason: 5_000,
} as const;

/** The milliseconds a notice shows: its own duration, or the default. */
export function flashDurationMs(flash: { durationMs?: number }): number {
  return flash.durationMs ?? FLASH_MS.default;
}
