/**
 * A conversation's messages and absence notices, grouped by Helsinki day (spec 1 §4). All user
 * text (message content, names, file names) is rendered as React text, never as HTML. With JS
 * the thread's messages region scrolls to the last item 100 ms after it is shown (its
 * `data-scroll-to-last`, app/browser/scroll-to-last.ts).
 */
import type { ReactNode } from 'react';
import { Time } from '~/components/Time';
import { useTranslation } from '~/i18n/react';
import { type FormattedDayGroup, type FormattedItem, type QuestionnaireInvitationView } from '~/models/messaging/messaging';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';

function attachmentHref(id: string): string {
  return `/messaging/attachments/${encodeURIComponent(id)}`;
}

/**
 * The questionnaires a message invites the customer to answer (ADR 0042): for the customer a link
 * to the questionnaire page (to answer it, or to read the answers once answered: read-only); for
 * professionals whether it has been answered.
 */
function Invitations({ invitations, questionnaireHref }: { invitations: QuestionnaireInvitationView[]; questionnaireHref?: (id: number) => string }) {
  const { t } = useTranslation();
  if (!invitations.length) return null;
  return (
    <ul aria-label={t('messaging.questionnaireInvitation.list')} className={s.invitationList}>
      {invitations.map((i) => (
        <li key={i.id} data-questionnaire-invitation={i.id} className={s.invitation}>
          <strong>{t('messaging.questionnaireInvitation.title', { title: i.title })}</strong>{' '}
          <span>{i.answeredOn ? t('messaging.questionnaireInvitation.answered', { date: i.answeredOn }) : t('messaging.questionnaireInvitation.open')}</span>
          {questionnaireHref ? (
            <>
              {' '}
              <a href={questionnaireHref(i.id)}>
                {i.answeredOn
                  ? t('messaging.questionnaireInvitation.view', { title: i.title })
                  : t('messaging.questionnaireInvitation.answer', { title: i.title })}
              </a>
            </>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function Item({
  item,
  actions,
  showReason,
  questionnaireHref,
}: {
  item: FormattedItem;
  actions?: (id: number) => ReactNode;
  showReason: boolean;
  questionnaireHref?: (id: number) => string;
}) {
  const { t } = useTranslation();
  if (item.kind === 'absence') {
    return (
      <li className={s.notice}>
        {item.substituteName
          ? t('messaging.thread.absenceWithSubstitute', { name: item.name, period: item.period, substitute: item.substituteName })
          : t('messaging.thread.absence', { name: item.name, period: item.period })}
      </li>
    );
  }
  const self = item.author.kind === 'self';
  return (
    <li className={`${s.messageBox} ${self ? s.message.self : s.message.other}`} id={`message-${item.id}`}>
      <p className={s.muted}>
        <strong>{self ? t('messaging.thread.you') : item.author.name}</strong>
        {!self && item.author.title ? `, ${item.author.title}` : null} · <Time at={item.at}>{item.time}</Time>
      </p>
      {item.deleted ? (
        <p className={s.deleted}>
          {t('messaging.thread.deleted', { name: item.deleted.byName, date: item.deletedOn })}
          {showReason && item.deleted.reason ? ` ${t('messaging.staff.deletedReason', { reason: item.deleted.reason })}` : null}
        </p>
      ) : (
        <>
          {item.content ? <p className={ui.preWrap}>{item.content}</p> : null}
          {item.attachments.length ? (
            <ul aria-label={t('messaging.thread.attachments')}>
              {item.attachments.map((a) => (
                <li key={a.id}>
                  <a href={attachmentHref(a.id)} target="_blank" rel="noopener noreferrer">
                    {t('messaging.thread.download', { name: a.fileName })}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
          {item.kind === 'message' ? <Invitations invitations={item.questionnaireInvitations} questionnaireHref={questionnaireHref} /> : null}
          {actions?.(item.id)}
        </>
      )}
    </li>
  );
}

export function Timeline({
  groups,
  actions,
  showReason = false,
  questionnaireHref,
}: {
  groups: FormattedDayGroup[];
  /** The customer's link to a questionnaire they are invited to answer (absent for professionals). */
  questionnaireHref?: (invitationId: number) => string;
  /** Extra controls under each live message (the staff area's delete). */
  actions?: (messageId: number) => ReactNode;
  showReason?: boolean;
}) {
  return (
    <div>
      {groups.map((group) => (
        <section key={group.date} aria-labelledby={`day-${group.date}`}>
          <h2 id={`day-${group.date}`} className={s.dayHeading}>
            {group.label}
          </h2>
          <ol className={s.timelineList}>
            {group.items.map((item) => (
              <Item
                key={item.kind === 'message' ? `m${item.id}` : `a${item.startDate}`}
                item={item}
                actions={actions}
                showReason={showReason}
                questionnaireHref={questionnaireHref}
              />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
