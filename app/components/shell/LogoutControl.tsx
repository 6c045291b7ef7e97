import { useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import { pagePath } from '~/route-table';
import { ConfirmLink } from '../ConfirmLink';

/**
 * Log out asks for confirmation: without JS the link leads to the confirmation page; with JS
 * the same form opens in a dialog. Either way the log-out itself is a POST.
 */
export function LogoutControl({ lang, className }: { lang: Language; className?: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmLink
      to={pagePath('logout', lang)}
      className={className}
      label={t('chrome.logOut')}
      question={t('logout.question')}
      confirmLabel={t('logout.confirm')}
      cancelLabel={t('logout.cancel')}
      reloadDocument
    />
  );
}
