import { useId, type ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { attrs } from '~/browser/markup';
import * as ui from '~/styles/ui.css';

/**
 * A confirmation's form: the confirming button (posting to `action`, or to the page itself) and
 * the way back — a link on a confirmation page, closing the dialog in one (`formmethod="dialog"`).
 */
export function ConfirmForm({
  confirmLabel,
  pending,
  cancel,
  action,
  reloadDocument,
  hidden,
  secondary = false,
}: {
  confirmLabel: ReactNode;
  /** What the button says while the post is on its way (the page script). */
  pending?: string;
  cancel?: { to: string; label: ReactNode } | { dialog: true; label: ReactNode };
  action?: string;
  /** A full page load after the post (e.g. logging out). */
  reloadDocument?: boolean;
  hidden?: Record<string, string>;
  /** The confirming button looks like a secondary action (a way out rather than the page's purpose). */
  secondary?: boolean;
}) {
  return (
    <Form method="post" action={action} reloadDocument={reloadDocument}>
      <AuthenticityTokenInput name="csrf" />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={ui.buttonRow}>
        <button type="submit" className={secondary ? ui.button.secondary : ui.button.primary} {...attrs({ pending })}>
          {confirmLabel}
        </button>
        {cancel && 'to' in cancel ? (
          <Link className={ui.button.secondary} to={cancel.to}>
            {cancel.label}
          </Link>
        ) : cancel ? (
          <button type="submit" formMethod="dialog" formNoValidate className={ui.button.secondary}>
            {cancel.label}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * A destructive action behind a confirmation: without JS the link opens the confirmation page
 * (which posts); with JS the same question opens as a dialog whose form posts to that page. The
 * dialog is in the HTML (closed, so unseen without JS) and the page script opens it (`data-dialog`,
 * app/browser/dialog.ts). Cancel closes it natively (`formmethod="dialog"`).
 */
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
        <ConfirmForm action={to} reloadDocument={reloadDocument} hidden={hidden} confirmLabel={confirmLabel} cancel={{ dialog: true, label: cancelLabel }} />
      </dialog>
    </>
  );
}
