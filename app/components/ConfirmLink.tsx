/**
 * A destructive action behind a confirmation: without JS the link opens the confirmation page
 * (which posts); with JS the same question opens as a dialog whose form posts to that page.
 */
import { useId, useRef, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import * as ui from '~/styles/ui.css';

export function ConfirmLink({
  to,
  label,
  question,
  confirmLabel,
  cancelLabel,
  className,
  hidden,
  reloadDocument,
}: {
  to: string;
  label: ReactNode;
  question: string;
  confirmLabel: string;
  cancelLabel: string;
  className?: string;
  hidden?: Record<string, string>;
  /** A full page load after the post (e.g. logging out). */
  reloadDocument?: boolean;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const titleId = useId();
  return (
    <>
      <Link
        to={to}
        className={className}
        onClick={(event) => {
          if (!dialog.current) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        {label}
      </Link>
      {hydrated ? (
        <dialog ref={dialog} aria-labelledby={titleId}>
          <h2 id={titleId}>{question}</h2>
          <Form method="post" action={to} reloadDocument={reloadDocument} onSubmit={() => dialog.current?.close()}>
            <AuthenticityTokenInput name="csrf" />
            {Object.entries(hidden ?? {}).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <div className={ui.buttonRow}>
              <button type="submit" className={ui.button.primary}>
                {confirmLabel}
              </button>
              <button type="button" className={ui.button.secondary} onClick={() => dialog.current?.close()}>
                {cancelLabel}
              </button>
            </div>
          </Form>
        </dialog>
      ) : null}
    </>
  );
}
