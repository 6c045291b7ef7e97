/**
 * The visit fee's approval (appointments-additional-payment-approval-page): the remote visit and
 * its fee; approving creates the visit's invoice (once) and continues to the pay page. A visit
 * already paid goes to the success page.
 */
import { redirect } from 'react-router';
import { VisitFacts } from '~/components/billing/VisitFacts';
import { ConfirmForm } from '~/components/ConfirmLink';
import { portalContext } from '~/context';
import { useTranslation } from '~/i18n/react';
import { pageTitle, requireAuth } from '~/lib/http/page.server';
import { visitPaymentFor } from '~/lib/http/visit-payment.server';
import { pagePath } from '~/route-table';
import { viewerOf } from '~/services/people/viewer.server';
import { getDb } from '~/services/db/db.server';
import { approveVisitPayment } from '~/services/billing/visit-payment.server';
import * as ui from '~/styles/ui.css';

import { notFound } from '~/lib/http/responses';
import { idParam } from '~/lib/http/params';
import type { Route } from './+types/visit-payment-approval';

export async function loader({ params, context }: Route.LoaderArgs) {
  const { visit, lang } = await visitPaymentFor(params, context, 'visitPaymentApproval');
  return { title: pageTitle(context, 'invoices.visit.approvalTitle'), visit, backHref: pagePath('payVisit', lang) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const auth = requireAuth(context);
  const { lang } = context.get(portalContext);
  const id = idParam(params);
  const { person } = auth;
  const result = await approveVisitPayment(
    await getDb(),
    viewerOf(auth),
    { name: `${person.firstName} ${person.lastName}`, street: person.streetAddress, postalCode: person.postalCode, postOffice: person.postOffice },
    id,
  );
  switch (result.type) {
    case 'notFound':
      throw notFound();
    case 'paid':
      return redirect(pagePath('visitPaymentSuccess', lang, { id: params.id }), 303);
    case 'invoice':
      return redirect(pagePath('invoicePayment', lang, { number: result.invoiceNumber }), 303);
  }
}

export default function VisitPaymentApproval({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { visit, backHref } = loaderData;
  return (
    <section className={ui.card}>
      <h1>{t('invoices.visit.approvalTitle')}</h1>
      <h2>{visit.title}</h2>
      <VisitFacts visit={visit} />
      <p>{t('invoices.visit.approvalText')}</p>
      <ConfirmForm
        confirmLabel={t('invoices.visit.approve')}
        pending={t('invoices.visit.approving')}
        cancel={{ to: backHref, label: t('invoices.visit.back') }}
      />
    </section>
  );
}

export { ErrorBoundary, meta } from '~/components/page-exports';
