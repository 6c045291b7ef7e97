import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';

/**
 * Log out asks for confirmation: without JS the link leads to the confirmation page; with JS
 * the same form opens in a dialog. Either way the log-out itself is a POST.
 */
export function LogoutControl({ lang, className }: { lang: Language; className?: string }) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement>(null);
  const hydrated = useHydrated();
  const action = pagePath('logout', lang);
  return (
    <>
      <Link
        to={action}
        className={className}
        onClick={(event) => {
          if (!dialog.current) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        {t('chrome.logOut')}
      </Link>
      {hydrated ? (
        <dialog ref={dialog} aria-labelledby={`logout-title-${className ?? 'menu'}`}>
          <h2 id={`logout-title-${className ?? 'menu'}`}>{t('logout.question')}</h2>
          <Form method="post" action={action} reloadDocument>
            <AuthenticityTokenInput name="csrf" />
            <div className={ui.buttonRow}>
              <button type="submit" className={ui.button.primary}>
                {t('logout.confirm')}
              </button>
              <button type="button" className={ui.button.secondary} onClick={() => dialog.current?.close()}>
                {t('logout.cancel')}
              </button>
            </div>
          </Form>
        </dialog>
      ) : null}
    </>
  );
}
