/**
 * Children's brand: the Pikkutsatti chat has moved to the mobile app (spec 1 §2 "children's chat
 * page with anonymous and payment-intent variants"; anonymous visitors may reach it, spec 1 §6).
 * Variants: logged in; anonymous (no login needed, the app identifies); payment intent (the
 * visitor returns from paying for a chat, `?payment_intent=…`: the payment and the chat continue
 * in the app; the id is only checked for its form, never shown or logged). The page exists
 * with the flag pikkutsatti (the person's, or the environment's for anonymous visitors).
 */
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { usePortalEnv } from '~/components/portal-env';
import { authContext } from '~/context';
import { env } from '~/env.server';
import { pageTitle } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { evaluateFeatures } from '~/services/features/features.server';
import * as ui from '~/styles/ui.css';
import { notFound } from '~/lib/http/responses';
import type { Route } from './+types/childrens-chat';

const PAYMENT_INTENT = /^pi_[A-Za-z0-9_]{1,100}$/;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'childrensChat');
  const auth = context.get(authContext);
  const features = auth?.features ?? evaluateFeatures(env().FEATURES);
  if (!features.pikkutsatti) throw notFound();
  const intent = new URL(request.url).searchParams.get('payment_intent');
  const variant = intent !== null && PAYMENT_INTENT.test(intent) ? 'paymentIntent' : auth ? 'user' : 'anonymous';
  return { title: pageTitle(context, 'childrensChat.title'), variant };
}

export default function ChildrensChat({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const brand = brandFacts(usePortalEnv().brand);
  const { variant } = loaderData;
  return (
    <section className={ui.card}>
      <h1>{t('childrensChat.title')}</h1>
      {variant === 'paymentIntent' ? (
        <>
          <h2>{t('childrensChat.paymentIntentTitle')}</h2>
          <p>{t('childrensChat.paymentIntentText')}</p>
        </>
      ) : null}
      <p>{t('childrensChat.text')}</p>
      {variant === 'anonymous' ? <p>{t('childrensChat.anonymousText')}</p> : null}
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

export { ErrorBoundary, meta } from '~/components/page-exports';
