/** Terms of use. The children's brand publishes them in Finnish only (app/brands). */
import { useTranslation } from '~/i18n/react';
import { brand } from '~/brands';
import { portalContext } from '~/context';
import { fixedT } from '~/i18n/i18n.server';
import { pageTitle } from '~/lib/http/page.server';
import type { Route } from './+types/eula';

export async function loader({ context }: Route.LoaderArgs) {
  const { lang, brand: brandKey } = context.get(portalContext);
  const termsLanguage = brand(brandKey).termsLanguage ?? lang;
  const t = fixedT(context, termsLanguage);
  const terms = t('eula', { returnObjects: true });
  return { title: pageTitle(context, 'eula.title'), termsLanguage, terms };
}

export default function Eula({ loaderData }: Route.ComponentProps) {
  const { terms, termsLanguage } = loaderData;
  const { i18n } = useTranslation();
  return (
    <article lang={termsLanguage === i18n.language ? undefined : termsLanguage}>
      <h1>{terms.title}</h1>
      <p>{terms.updated}</p>
      {terms.sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          <p>{section.body}</p>
        </section>
      ))}
    </article>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
