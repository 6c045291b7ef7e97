/**
 * The accessibility statement (/fi/saavutettavuusseloste, /sv/tillganglighetsutlatande,
 * /en/accessibility-statement; issue 23 part 5, ADR 0032) on both brands, for anyone: how
 * accessible the portal is, what is not yet, how it was assessed and when, the feedback form and
 * customer service, and the supervisory authority. What is not yet accessible is the one list of
 * known problems (app/models/shell/accessibility-statement.ts, kept true by its tests), each
 * with its texts; the texts are in their own module (app/i18n/resources/shell/accessibility.ts);
 * the brand gives its name and phone.
 */
import { Link } from 'react-router';
import { brand } from '~/brands';
import { portalContext, requestInfoContext } from '~/context';
import { env } from '~/env.server';
import { useTranslation } from '~/i18n/react';
import { formatDate } from '~/lib/format';
import { pageTitle } from '~/lib/http/page.server';
import { KNOWN_PROBLEMS, STATEMENT_LAST_REVIEWED, STATEMENT_PREPARED, type KnownProblem } from '~/models/shell/accessibility-statement';
import { pagePath } from '~/route-table';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/accessibility-statement';

/** The portal's host name, as the statement names the service (e.g. oma.example.fi). */
function hostOf(origin: string): string {
  return URL.canParse(origin) ? new URL(origin).host : origin;
}

export async function loader({ context }: Route.LoaderArgs) {
  const { lang, brand: brandKey } = context.get(portalContext);
  const facts = brand(brandKey);
  return {
    title: pageTitle(context, 'accessibility.title'),
    lang,
    brandName: facts.name,
    origin: hostOf(env().PUBLIC_ORIGIN ?? context.get(requestInfoContext).origin),
    phone: { tel: facts.customerService.tel, display: facts.customerService.display, info: facts.customerService.info[lang] },
    prepared: formatDate(STATEMENT_PREPARED, lang),
    reviewed: formatDate(STATEMENT_LAST_REVIEWED, lang),
  };
}

export default function AccessibilityStatement({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, brandName, origin, phone, prepared, reviewed } = loaderData;
  const problemsKnown = (KNOWN_PROBLEMS as readonly KnownProblem[]).length > 0;
  const tested = t('accessibility.testing.items', { returnObjects: true });
  return (
    <article>
      <h1>{t('accessibility.title')}</h1>
      <p>{t('accessibility.intro', { brand: brandName, origin })}</p>
      <p>{t('accessibility.law')}</p>

      <section aria-labelledby="a11y-status">
        <h2 id="a11y-status">{t('accessibility.status.heading')}</h2>
        <p>{problemsKnown ? t('accessibility.status.body') : t('accessibility.status.bodyNoneKnown')}</p>
      </section>

      {problemsKnown ? (
        <section aria-labelledby="a11y-gaps">
          <h2 id="a11y-gaps">{t('accessibility.gaps.heading')}</h2>
          <p>{t('accessibility.gaps.intro')}</p>
          {KNOWN_PROBLEMS.map(({ id }) => (
            <section key={id} aria-labelledby={`problem-${id}`}>
              <h3 id={`problem-${id}`}>{t(`accessibility.problems.${id}.title`)}</h3>
              <p>{t(`accessibility.problems.${id}.body`)}</p>
              <p className={ui.hint}>{t(`accessibility.problems.${id}.criteria`)}</p>
            </section>
          ))}
        </section>
      ) : null}

      <section aria-labelledby="a11y-outside">
        <h2 id="a11y-outside">{t('accessibility.outside.heading')}</h2>
        <p>{t('accessibility.outside.body')}</p>
      </section>

      <section aria-labelledby="a11y-testing">
        <h2 id="a11y-testing">{t('accessibility.testing.heading')}</h2>
        <ul>
          {tested.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        <p>{t('accessibility.testing.notDone')}</p>
      </section>

      <section aria-labelledby="a11y-prepared">
        <h2 id="a11y-prepared">{t('accessibility.prepared.heading')}</h2>
        <p>{t('accessibility.prepared.body', { prepared, reviewed })}</p>
      </section>

      <section aria-labelledby="a11y-feedback" className={ui.card}>
        <h2 id="a11y-feedback">{t('accessibility.feedback.heading')}</h2>
        <p>{t('accessibility.feedback.body')}</p>
        <p>
          <Link className={ui.button.primary} to={pagePath('accessibilityFeedback', lang)}>
            {t('accessibility.feedback.link')}
          </Link>
        </p>
        <p>
          {t('accessibility.feedback.phone')} <a href={`tel:${phone.tel}`}>{phone.display}</a> ({phone.info})
        </p>
      </section>

      <section aria-labelledby="a11y-authority">
        <h2 id="a11y-authority">{t('accessibility.authority.heading')}</h2>
        <p>{t('accessibility.authority.body')}</p>
        <address>
          {t('accessibility.authority.name')}
          <br />
          <a href="https://www.saavutettavuusvaatimukset.fi/" rel="noopener">
            {t('accessibility.authority.website')}
          </a>
          <br />
          {t('accessibility.authority.phone')}
        </address>
      </section>
    </article>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
