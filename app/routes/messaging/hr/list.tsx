/**
 * An HR user's messages (ADR 0042): their company's `Hr` and `Supervisor` conversations with the
 * occupational care team, newest activity first (ten per page), and a form to start a new one.
 * Only for active HR users (anyone else: 404). Never an employee's health data: the form's hint
 * says so, and nothing here reads a record.
 *
 * A plain page (ADR 0009): links, a pager and a plain form with the schema's native constraints;
 * after sending, a redirect to the new conversation (a resent form finds the one it created).
 * Over the per-person limit of messages (the customers' own): 429 with Retry-After, the form kept.
 */
import type { z } from 'zod';
import { getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod/v4';
import { Form, Link } from 'react-router';
import { AuthenticityTokenInput } from 'remix-utils/csrf/react';
import { SelectField, TextareaField, TextField } from '~/components/forms';
import { SendAlerts, SendButton } from '~/components/messaging/SendControls';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { requireHrUser } from '~/lib/http/hr.server';
import { readMessageForm, sendMessageForm } from '~/lib/http/messaging-form.server';
import { requirePage } from '~/lib/http/page-access.server';
import { pageTitle } from '~/lib/http/page.server';
import { HR_THREAD_TYPES, SUBJECT_MAX_LENGTH } from '~/models/messaging/messaging';
import { hrNewThreadSchema } from '~/models/messaging/schemas';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { listHrThreads, startHrThread } from '~/services/messaging/hr.server';
import { Pager, pageLinks } from '~/components/Pager';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/list';

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'hrMessages');
  const { hr } = await requireHrUser(context);
  const { lang } = context.get(portalContext);
  const list = await listHrThreads(await getDb(), hr, Number(url.searchParams.get('page') ?? '1'), lang);
  return {
    title: pageTitle(context, 'messaging.hr.title'),
    lang,
    hr: { name: `${hr.firstName} ${hr.lastName}`, title: hr.title, companyName: hr.companyName, onMandate: hr.onMandate },
    ...list,
    idempotencyKey: crypto.randomUUID(),
  };
}

export async function action({ request, context, url }: Route.ActionArgs) {
  requirePage({ context, url }, 'hrMessages');
  const { hr } = await requireHrUser(context);
  const { lang } = context.get(portalContext);
  const db = await getDb();
  const threadPath = (threadId: number) => pagePath('hrThread', lang, { threadId: String(threadId) });
  return sendMessageForm(db, await readMessageForm(request, hrNewThreadSchema), {
    failedFlag: 'failed',
    userId: hr.personId,
    ownerId: hr.personId,
    customerLimits: false,
    context,
    alreadySent: (again) => threadPath(again.threadId),
    send: ({ threadType, subject, text, idempotencyKey }) => startHrThread(db, { hr, threadType, title: subject, text, idempotencyKey }),
    sentTo: (created) => threadPath(created.threadId),
    refused: (_refusal, failed) => failed(),
  });
}

export default function HrMessages({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { lang, hr, items, page, hasNext, idempotencyKey } = loaderData;
  const [form, fields] = useForm<z.input<typeof hrNewThreadSchema>>({
    id: `hr-new-${idempotencyKey}`,
    lastResult: actionData?.result,
    constraint: getZodConstraint(hrNewThreadSchema),
    // The browser checks the constraints before sending.
    defaultNoValidate: false,
  });
  const href = (p: number) => pagePath('hrMessages', lang, {}, p > 1 ? `page=${p}` : undefined);
  return (
    <>
      <h1>{t('messaging.hr.title')}</h1>
      <p className={s.muted}>
        {hr.onMandate || !hr.title
          ? t('messaging.hr.whoAmIOnMandate', { name: hr.name, company: hr.companyName })
          : t('messaging.hr.whoAmI', { name: hr.name, title: hr.title, company: hr.companyName })}
      </p>
      <p>{t('messaging.hr.intro')}</p>
      <section className={ui.card} aria-labelledby="hr-threads-title">
        <h2 id="hr-threads-title">{t('messaging.hr.threads')}</h2>
        {items.length === 0 ? (
          <p>{t('messaging.hr.empty')}</p>
        ) : (
          <ul className={s.threadList}>
            {items.map((item) => (
              <li key={item.id} className={s.threadItem}>
                <Link to={pagePath('hrThread', lang, { threadId: String(item.id) })} data-unread={item.unread ? 'true' : undefined}>
                  {item.title || t('messaging.defaultTitle')}
                </Link>
                {item.unread ? <span className={s.unreadTag}>{t('messaging.unread')}</span> : null}
                <span className={s.block}>
                  {t(`messaging.hr.types.${item.threadType === 'Supervisor' ? 'Supervisor' : 'Hr'}`)}
                  {item.isActive ? '' : ` · ${t('messaging.hr.closed')}`}
                </span>
                {item.lastMessageLabel ? (
                  <span className={`${s.block} ${s.muted}`}>
                    {t('messaging.latestAt', { time: item.lastMessageLabel })}
                    {item.lastAuthor ? ` · ${item.lastAuthor}` : ''}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        <Pager label={t('messaging.pages')} {...pageLinks(page, hasNext, href, { previous: t('messaging.previousPage'), next: t('messaging.nextPage') })} />
      </section>
      <section className={ui.card} aria-labelledby="hr-new-title">
        <h2 id="hr-new-title">{t('messaging.hr.newTitle')}</h2>
        <p className={ui.hint} id="hr-new-hint">
          {t('messaging.hr.noHealthData')}
        </p>
        <Form method="post" {...getFormProps(form)} aria-describedby="hr-new-hint">
          <AuthenticityTokenInput name="csrf" />
          <input type="hidden" name="intent" value="new" />
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <SelectField
            meta={fields.threadType}
            label={t('messaging.hr.type')}
            defaultValue={typeof fields.threadType.initialValue === 'string' ? fields.threadType.initialValue : 'Hr'}
          >
            {HR_THREAD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`messaging.hr.types.${type}`)}
              </option>
            ))}
          </SelectField>
          <TextField meta={fields.subject} label={t('messaging.newThread.subject')} maxLength={SUBJECT_MAX_LENGTH} />
          <TextareaField meta={fields.text} label={t('messaging.newThread.message')} rows={6} />
          <SendAlerts failed={actionData?.failed} failedKey="messaging.hr.sendFailed" tooMany={actionData?.tooMany} />
          <SendButton labelKey="messaging.newThread.send" />
        </Form>
      </section>
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
