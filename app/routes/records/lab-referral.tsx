/** One laboratory referral: title, validity ("Not valid" once expired), practitioner, Finnish description, instructions. */
import { data } from 'react-router';
import { LinkLine } from '~/components/LinkLine';
import { ReferralDetails } from '~/components/records/Referrals';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { pagePath } from '~/route-table';
import { getDb } from '~/services/db/db.server';
import { recordViewerOf } from '~/services/people/viewer.server';
import { getReferral } from '~/services/records/records.server';
import * as ui from '~/styles/ui.css';
import type { Route } from './+types/lab-referral';

export async function loader({ params, context }: Route.LoaderArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const id = Number(params.id);
  const referral = Number.isSafeInteger(id) && id > 0 ? await getReferral(await getDb(), recordViewerOf(auth), id, 'laboratory', lang) : null;
  const title = pageTitle(context, 'records.lab.referralTitle');
  if (!referral) return data({ title, lang, referral: null }, { status: 404 });
  return { title, lang, referral };
}

export default function LabReferral({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { referral, lang } = loaderData;
  return (
    <section className={ui.card}>
      <h1>{t('records.lab.referralTitle')}</h1>
      {referral ? <ReferralDetails referral={referral} /> : <p>{t('records.lab.referralNotFound')}</p>}
      <LinkLine to={pagePath('laboratory', lang)}>{t('records.lab.backToList')}</LinkLine>
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
