/**
 * The occupational healthcare team (spec 2 §2): employer name, responsible doctors and nurses
 * (and other professionals) as timelines; each shows their substitute's name or, for an absence
 * without one, the grayed "absent {period}" label; each person's name links to their practitioner
 * page (routes/messaging/practitioner.tsx). Only for occupational customers (general
 * brand); anyone else gets 404. A failure to read the team shows the error view.
 */
import { Link } from 'react-router';
import { Section } from '~/components/Section';
import { authContext, portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { invariantResponse, pageTitle, requireAuth } from '~/lib/http/page.server';
import { requirePage } from '~/lib/http/page-access.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { careTeamOf } from '~/services/messaging/care-team.server';
import { messagesInNavigation } from '~/services/messaging/conversations.server';
import { formatPeriod } from '~/services/messaging/view-rules';
import * as s from '~/styles/messaging.css';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/team';

export async function loader({ context, url }: Route.LoaderArgs) {
  requirePage({ context, url }, 'occupationalTeam');
  const auth = requireAuth(context);
  const { lang, brand } = context.get(portalContext);
  const team = await careTeamOf(await getDb(), auth.person.id);
  invariantResponse(team);
  const members = team.members.map((m) => ({
    id: m.id,
    name: `${m.firstName} ${m.lastName}`,
    // Each person links to their practitioner page (spec 2 §3).
    href: pagePath('practitioner', lang, { professionalId: m.id }),
    title: m.title[lang],
    type: m.professionalType,
    absence: m.absence ? formatPeriod(m.absence.startDate, m.absence.endDate, lang) : null,
    substitute: m.absence && m.substitute ? `${m.substitute.firstName} ${m.substitute.lastName}` : null,
  }));
  const canMessage = messagesInNavigation(context.get(authContext)!, brand);
  return { title: pageTitle(context, 'messaging.team.title'), lang, employerName: team.employerName, members, canMessage };
}

type Member = Awaited<ReturnType<typeof loader>>['members'][number];

function MemberTimeline({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  if (members.length === 0) return <p>{t('messaging.team.none')}</p>;
  return (
    <ol className={s.timeline}>
      {members.map((m) => (
        <li key={m.id} className={s.timelineItem}>
          <strong>
            <Link to={m.href}>{m.name}</Link>
          </strong>
          <span className={s.block}>{m.title}</span>
          {m.absence ? <span className={`${s.block} ${s.absentLabel}`}>{t('messaging.team.absent', { period: m.absence })}</span> : null}
          {m.substitute ? <span className={s.block}>{t('messaging.team.substitute', { name: m.substitute })}</span> : null}
        </li>
      ))}
    </ol>
  );
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { employerName, members, lang, canMessage } = loaderData;
  const doctors = members.filter((m) => m.type === 'Doctor');
  const nurses = members.filter((m) => m.type === 'Nurse');
  const others = members.filter((m) => m.type !== 'Doctor' && m.type !== 'Nurse');
  return (
    <>
      <h1>{t('messaging.team.title')}</h1>
      <section className={ui.card}>
        <p>
          <span className={ui.label}>{t('messaging.team.employer')}: </span>
          {employerName}
        </p>
        {canMessage ? (
          <p>
            <Link className={ui.button.primary} to={pagePath('conversationNew', lang)}>
              {t('messaging.team.write')}
            </Link>
          </p>
        ) : null}
      </section>
      {[
        { id: 'doctors-title', title: t('messaging.team.doctors'), members: doctors, always: true },
        { id: 'nurses-title', title: t('messaging.team.nurses'), members: nurses, always: true },
        { id: 'others-title', title: t('messaging.team.others'), members: others, always: false },
      ].map(({ id, title, members, always }) =>
        always || members.length ? (
          <Section key={id} id={id} title={title}>
            <MemberTimeline members={members} />
          </Section>
        ) : null,
      )}
    </>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
