/**
 * React Router's route config, generated from the route table (app/route-table.ts) plus the
 * non-page routes (identification, health checks, dev tools, API resource routes).
 */
import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { LANGUAGES } from './i18n/config';
import { PAGES, routeIdOf, routePathOf, type PageDefinition, type PageKey } from './route-table';

// Ids and paths from the route table's own functions: app/route-match.ts reads React Router's
// matched route back with them (page access is decided from the route React Router matched).
const pageRoutes = LANGUAGES.flatMap((lang) => [
  ...(Object.keys(PAGES) as PageKey[]).flatMap((key) => {
    const path = routePathOf(key, lang);
    if (path === undefined) return [];
    return [route(path, (PAGES[key] as PageDefinition).file, { id: routeIdOf(key, lang) })];
  }),
  route(`${lang}/*`, 'routes/shell/not-found.tsx', { id: `notFound.${lang}` }),
]);

export default [
  // ─── Shell: / picks the language.
  index('routes/shell/language-redirect.ts'),
  // ─── Auth: strong identification (and the built-in test identification service), PIN, logout.
  route('oauth/authenticate', 'routes/auth/authenticate.ts'),
  route('oauth/callback', 'routes/auth/callback.ts'),
  route('test-idp/authorize', 'routes/auth/test-idp.tsx'),
  route('api/pin', 'routes/auth/api/pin.ts'),
  // Acting for another adult on a Suomi.fi mandate (ADR 0050): start, the selection's return, stop.
  route('acting-for/:step', 'routes/account/acting-for.ts'),
  route('company-mandate/:step', 'routes/account/company-mandate.ts'),
  route('api/logout', 'routes/auth/api/logout.ts'),
  // ─── Appointments API (spec 2 §7): the same service as the pages.
  route('api/appointments/check-in/:id', 'routes/appointments/api/check-in.ts'),
  route('api/appointments/:id/arrival-reason', 'routes/appointments/api/arrival-reason.ts'),
  route('api/appointments/:id/calendar.ics', 'routes/appointments/api/calendar.ts'),
  route('api/appointments/:id', 'routes/appointments/api/appointment.ts'),
  route('api/anon/check-in', 'routes/appointments/api/anonymous-check-in.ts'),
  // ─── Booking: the search and reservation API (spec 3 §7, the same services as the pages);
  // insurance customers (issue 13, ADR 0022): the insurer calls, concepts, the test insurer's permit round trip.
  route('api/appointments', 'routes/booking/api/search-appointments.ts'),
  route('api/appointments/available-appointment-dates', 'routes/booking/api/search-available-dates.ts'),
  route('api/appointments/specialty', 'routes/booking/api/search-specialty.ts'),
  route('api/appointments/practitioner-clinics', 'routes/booking/api/search-practitioner-clinics.ts'),
  route('api/anon/reserve-appointment', 'routes/booking/api/reserve-anonymous.ts'),
  route('api/reserve-appointment', 'routes/booking/api/reserve-appointment.ts'),
  route('api/concepts', 'routes/booking/api/insurance-concepts.ts'),
  route('api/insurance/lahitapiola-policy-check', 'routes/booking/api/insurance-policy-check.ts'),
  route('api/insurance/lahitapiola-direct-compensation-permits/:lang', 'routes/booking/api/insurance-permits.ts'),
  route('api/insurance/pohjola-check/:date', 'routes/booking/api/insurance-pohjola-check.ts'),
  route('api/insurance/lahitapiola-apply-permit', 'routes/booking/api/insurance-apply-permit.ts'),
  route('api/insurance/lahitapiola-apply-permit/return', 'routes/booking/api/insurance-permit-return.ts'),
  route('dev/test-insurer/apply-permit', 'routes/booking/test-insurer.tsx'),
  // ─── Messaging (issue 10): attachment downloads and the GraphQL API (spec 1 §7).
  route('messaging/attachments/:id', 'routes/messaging/attachment.ts'),
  route('api/customer-messaging', 'routes/messaging/api/customer-messaging.ts'),
  // ─── Records (issue 11): a sick-leave certificate as a PDF.
  route('api/certificates/:id/pdf', 'routes/records/certificate-pdf.ts'),
  // "Download my data" (issue 23, ADR 0035): every record the viewer may read, streamed.
  route('api/records/export/pdf', 'routes/records/export-pdf.ts'),
  route('api/records/export/fhir', 'routes/records/export-fhir.ts'),
  // ─── Billing (issue 12): the invoice PDF, the provider's callback, the payment API.
  route('api/invoices/:id/pdf', 'routes/billing/api/invoice-pdf.ts'),
  route('api/payments/callback', 'routes/billing/api/payment-callback.ts'),
  route('api/payments/refund-callback', 'routes/billing/api/refund-callback.ts'),
  route('api/payments/invoices-list', 'routes/billing/api/invoices-list.ts'),
  route('api/payments/good-sign-invoice', 'routes/billing/api/good-sign-invoice.ts'),
  route('api/payments', 'routes/billing/api/payments.ts'),
  route('api/invoices/invoice-summary', 'routes/billing/api/invoice-summary.ts'),
  // ─── Account: consent and registration (spec 3 §7), my information (spec 2 §7); the same services as the pages.
  route('api/user/consent', 'routes/account/api/user-consent.ts'),
  route('api/user/register', 'routes/account/api/user-register.ts'),
  route('api/user', 'routes/account/api/user.ts'),
  route('api/kela-card', 'routes/account/api/kela-card.ts'),
  route('api/kela-card/init-upload', 'routes/account/api/kela-card-init-upload.ts'),
  route('api/kela-card/finish-upload', 'routes/account/api/kela-card-finish-upload.ts'),
  route('api/mfa', 'routes/account/api/mfa.ts'),
  route('api/mfa-onboarding', 'routes/account/api/mfa-onboarding.ts'),
  // ─── Platform: health checks; stored files (app/services/storage): signed, short-lived URLs bound to one user.
  route('healthz', 'routes/health/healthz.ts'),
  route('readyz', 'routes/health/readyz.ts'),
  route('files/upload/:token', 'routes/files/upload.ts'),
  route('files/messages/:token', 'routes/files/message-attachment.ts'),
  route('files/:token', 'routes/files/download.ts'),
  // ─── Dev and test: the outbox viewer and the test payment provider (absent in production), test fixtures
  // (routes/dev, 404 unless DEPLOYMENT_ENV=test).
  route('dev/outbox', 'routes/dev/outbox.tsx'),
  // The built-in Suomi.fi e-Authorizations test service (ADR 0050): its selection page and its Web API.
  route('dev/test-valtuudet/oauth/authorize', 'routes/dev/test-valtuudet-select.tsx'),
  route('dev/test-valtuudet/*', 'routes/dev/test-valtuudet-api.ts'),
  route('test-payments/pay', 'routes/dev/test-payments.tsx'),
  route('dev/test-fixtures/invoice', 'routes/dev/test-invoice.ts'),
  route('dev/test-fixtures/session', 'routes/dev/test-session.ts'),
  route('dev/test-fixtures/login', 'routes/dev/test-login.ts'),
  route('dev/test-fixtures/appointment', 'routes/dev/test-fixtures.ts'),
  route('dev/test-fixtures/slot', 'routes/dev/test-slot.ts'),
  route('dev/test-fixtures/practice-system', 'routes/dev/test-practice-system.ts'),
  route('dev/test-fixtures/slow', 'routes/dev/test-slow.ts'),
  route('dev/test-fixtures/analytics', 'routes/dev/test-analytics.ts'),
  route('dev/test-fixtures/family', 'routes/dev/test-family.ts'),
  route('dev/test-fixtures/messaging', 'routes/dev/test-messaging.ts'),
  route('dev/test-fixtures/hr', 'routes/dev/test-hr.ts'),
  route('dev/test-fixtures/e-authorizations', 'routes/dev/test-e-authorizations.ts'),
  route('dev/test-fixtures/records', 'routes/dev/test-records.ts'),
  route('dev/test-fixtures/insurance', 'routes/dev/test-insurance.ts'),
  route('dev/test-fixtures/confidential-family', 'routes/dev/test-confidential-family.ts', { id: 'dev.confidentialFamily' }),
  route('dev/test-fixtures/reminder-sweep', 'routes/dev/test-confidential-family.ts', { id: 'dev.reminderSweep' }),
  route('dev/test-fixtures/error/*', 'routes/dev/test-error.tsx'),
  ...pageRoutes,
  route('*', 'routes/shell/not-found.tsx', { id: 'notFound' }),
] satisfies RouteConfig;
