/**
 * A destructive action behind a confirmation: without JS the link opens the confirmation page
 * (which posts); with JS the same question opens as a dialog whose form posts to that page. The
 * dialog is in the HTML (closed, so unseen without JS) and the page script opens it (`data-dialog`,
 * app/browser/dialog.ts). Cancel closes it natively (`formmethod="dialog"`).
 */
import { useId, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { attrs } from '~/browser/markup';
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
  const id = useId();
  const titleId = `${id}-title`;
  return (
    <>
      <Link to={to} className={className} {...attrs({ dialog: id })}>
        {label}
      </Link>
      <dialog id={id} aria-labelledby={titleId}>
        <h2 id={titleId}>{question}</h2>
        <Form method="post" action={to} reloadDocument={reloadDocument}>
          <AuthenticityTokenInput name="csrf" />
          {Object.entries(hidden ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <div className={ui.buttonRow}>
            <button type="submit" className={ui.button.primary}>
              {confirmLabel}
            </button>
            <button type="submit" formMethod="dialog" formNoValidate className={ui.button.secondary}>
              {cancelLabel}
            </button>
          </div>
        </Form>
      </dialog>
    </>
  );
}
