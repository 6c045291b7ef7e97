/**
 * Accessibility feedback in the staff area (/fi/henkilokunta/saavutettavuuspalaute,
 * /en/staff/accessibility-feedback; issue 23 part 5, ADR 0032): what was received from the
 * statement's form, newest first, twenty a page, paged on the server. For active professionals
 * only (anyone else: 404). The senders' texts are rendered as text (React escapes them), keeping
 * their line breaks; the feedback names no patient, so reading it is not access-logged.
 */
import { StaffNav } from '~/components/messaging/StaffNav';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { formatDateTime } from '~/lib/format';
import { pageTitle } from '~/lib/http/page.server';
import { requireProfessional } from '~/lib/http/staff.server';
import type { FeedbackView } from '~/models/shell/accessibility-feedback';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { listFeedback } from '~/services/shell/accessibility-feedback.server';
import { Pager, pageLinks } from '~/components/Pager';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/accessibility-feedback';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { professional } = await requireProfessional(context);
  const { lang } = context.get(portalContext);
  const list = await listFeedback(await getDb(), Number(new URL(request.url).searchParams.get('page') ?? '1'));
  const items: FeedbackView[] = list.items.map((row) => ({
    id: row.id,
    receivedText: formatDateTime(row.createdAt, lang),
    brand: row.brand,
    language: row.language,
    location: row.location,
    description: row.description,
    email: row.email,
    acknowledged: row.acknowledgementId !== null,
  }));
  return {
    title: pageTitle(context, 'accessibility.staff.title'),
    lang,
    name: `${professional.firstName} ${professional.lastName}`,
    page: list.page,
    hasNext: list.hasNext,
    items,
  };
}

export default function StaffAccessibilityFeedback({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, name, items, page, hasNext } = loaderData;
  const href = (p: number) => pagePath('staffAccessibilityFeedback', lang, {}, p > 1 ? new URLSearchParams({ page: String(p) }) : undefined);
  return (
    <>
      <StaffNav lang={lang} name={name} />
      <h1>{t('accessibility.staff.title')}</h1>
      {items.length === 0 ? (
        <p className={ui.card}>{t('accessibility.staff.empty')}</p>
      ) : (
        <ol className={ui.list}>
          {items.map((item) => (
            <li key={item.id} className={ui.card}>
              <article aria-labelledby={`feedback-${item.id}`}>
                <h2 id={`feedback-${item.id}`}>{item.location}</h2>
                <dl>
                  <dt>{t('accessibility.staff.received')}</dt>
                  <dd>{item.receivedText}</dd>
                  <dt>{t('accessibility.staff.brandLanguage')}</dt>
                  <dd>
                    {t(`accessibility.staff.brands.${item.brand}`)}, {t(`accessibility.staff.languages.${item.language}`)}
                  </dd>
                  <dt>{t('accessibility.staff.description')}</dt>
                  <dd className={ui.preWrap}>{item.description}</dd>
                  <dt>{t('accessibility.staff.email')}</dt>
                  <dd>
                    {item.email ?? t('accessibility.staff.noEmail')}
                    {item.acknowledged ? <span className={s.block}>{t('accessibility.staff.acknowledged')}</span> : null}
                  </dd>
                </dl>
              </article>
            </li>
          ))}
        </ol>
      )}
      <Pager
        label={t('accessibility.staff.pages')}
        {...pageLinks(page, hasNext, href, { previous: t('accessibility.staff.previous'), next: t('accessibility.staff.next') })}
      />
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
