/**
 * The four-digit SMS code field (turning SMS login on in my information, SMS-code
 * re-identification): a visible label, a hint tied with aria-describedby, and an input the
 * phone can fill from the message (`one-time-code`). Posted as `code`.
 */
import type { ReactNode } from 'react';
import * as ui from '~/styles/ui.css';

export function SmsCodeField({ id, label, hint }: { id: string; label: ReactNode; hint: ReactNode }) {
  const hintId = `${id}-hint`;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <span id={hintId} className={ui.hint}>
        {hint}
      </span>
      <input
        id={id}
        name="code"
        className={ui.input}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="\d{4}"
        maxLength={4}
        required
        aria-describedby={hintId}
      />
    </div>
  );
}
