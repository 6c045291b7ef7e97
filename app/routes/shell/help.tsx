/**
 * Help (Finnish only, logged in): customer-service phone, patient instructions (general brand
 * only) and an FAQ whose SMS-login question appears only when the mfa feature is on.
 */
import { useTranslation } from '~/i18n/react';
import { brand as brandFacts } from '~/brands';
import { usePortalEnv } from '~/components/portal-env';
import { portalContext } from '~/context';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/help';

export async function loader({ context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { brand } = context.get(portalContext);
  return {
    title: pageTitle(context, 'help.title'),
    showInstructions: brand === 'general',
    showSmsQuestion: auth.features.mfa,
  };
}

export default function Help({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { brand: brandKey } = usePortalEnv();
  const brand = brandFacts(brandKey);
  const instructions = t('help.instructions', { returnObjects: true });
  const faq = t('help.faq', { returnObjects: true });
  const questions = loaderData.showSmsQuestion ? [...faq, t('help.smsFaq', { returnObjects: true })] : faq;
  return (
    <>
      <h1>{t('help.title')}</h1>
      <section className={ui.card} aria-labelledby="cs-title">
        <h2 id="cs-title">{t('help.customerServiceTitle')}</h2>
        <p>
          <a href={`tel:${brand.customerService.tel}`}>{brand.customerService.display}</a>
          <br />
          {brand.customerService.info.fi}
        </p>
      </section>
      {loaderData.showInstructions ? (
        <section className={ui.card} aria-labelledby="instructions-title">
          <h2 id="instructions-title">{t('help.instructionsTitle')}</h2>
          <ul>
            {instructions.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className={ui.card} aria-labelledby="faq-title">
        <h2 id="faq-title">{t('help.faqTitle')}</h2>
        {questions.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
