/**
 * The identity providers to log in with (banks and the mobile certificate, ADR 0007), one button
 * each: the login page and the occupational booking's landing. Each starts the identification
 * flow (`/oauth/authenticate`) for its provider, coming back to `next`.
 */
import { useTranslation } from '~/i18n/react';
import type { Language } from '~/i18n/config';
import { IDENTITY_PROVIDERS } from '~/models/identity-providers';
import * as ui from '~/styles/ui.css';

export function ProviderGrid({ lang, next, labelledBy }: { lang: Language; next: string; labelledBy: string }) {
  const { t } = useTranslation();
  return (
    <ul className={ui.providerGrid} aria-labelledby={labelledBy}>
      {IDENTITY_PROVIDERS.map((provider) => (
        <li key={provider.id}>
          <a
            className={`${ui.button.secondary} ${ui.fullWidth}`}
            href={`/oauth/authenticate?${new URLSearchParams({ lang, next, acr_values: provider.id })}`}
            data-provider={provider.id}
          >
            {provider.name ?? t('login.providers.mobile')}
          </a>
        </li>
      ))}
    </ul>
  );
}
