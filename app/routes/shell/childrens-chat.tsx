/** Children's brand: the Pikkutsatti chat has moved to the mobile app. */
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary';
import { usePortalEnv } from '~/components/portal-env';
import { pageTitle, requireAuth } from '~/lib/page.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/childrens-chat';

export async function loader({ context }: Route.LoaderArgs) {
  requireAuth(context);
  return { title: pageTitle(context, 'childrensChat.title') };
}

export default function ChildrensChat() {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  return (
    <section className={ui.card}>
      <h1>{t('childrensChat.title')}</h1>
      <p>{t('childrensChat.text')}</p>
      <div className={ui.buttonRow}>
        <a className={ui.button.primary} href={brand.appStores.apple}>
          {t('chrome.appStore')}
        </a>
        <a className={ui.button.primary} href={brand.appStores.google}>
          {t('chrome.googlePlay')}
        </a>
      </div>
    </section>
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
