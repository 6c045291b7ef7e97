/**
 * axe on every page of the route table, in every language it exists in: one test per page, case
 * and language, so no test grows with the number of pages. `CASES` is keyed by the route table,
 * so a new page without an accessibility case is a type error. Checked with JavaScript on only:
 * the server renders the same HTML either way, and with JS the enhanced DOM is what is checked.
 */
import type { Page } from '@playwright/test';
import { LANGUAGES, type Language } from '../../app/i18n/config';
import reservationTexts from '../../app/i18n/resources/booking/reservation';
import moveTexts from '../../app/i18n/resources/appointments/move';
import { pageExistsIn, pagePath, type PageKey } from '../../app/route-table';
import {
  bookFixture,
  expect,
  expectNoAxeViolations,
  expectSameStructureInEveryLanguage,
  expectWorksWithoutScript,
  freshSlot,
  login,
  newIdentityCode,
  test,
} from './fixtures';
import { patientWithSmsLogin } from './account/my-information-helpers';
import { PAYER_DEMO_PERSONS } from '../../db/seed-booking-payers';
import { OCCUPATIONAL_SLOT } from './booking/payers-fixtures';
import { insuranceCustomer } from './booking/insurance-fixtures';
import { CHILDREN_URL } from './urls';
import { DEMO_HR_USERS, DEMO_PROFESSIONALS } from '../../db/seed-messaging';
import invoiceTexts from '../../app/i18n/resources/billing';
import { invoiceFixture, payAtTestBank } from './billing/invoice-fixtures';
import { childName, freshFamily } from './account/guardian-fixtures';
import { firstDayAhead } from '../fixtures/clock';
import { helsinkiDate } from '../../app/lib/dates';
import { sendAccessibilityFeedback } from './shell/accessibility-fixtures';
import { confidentialFamily } from './appointments/confidential-fixtures';
import { freeTime, offerLinkTo, patientWithAppointment, requestOverHttp } from './appointments/earlier-time-fixtures';

interface AxeCase {
  /** What distinguishes this case from the page's other cases ('' for the only one). */
  name: string;
  /** Sets up what the case needs (login, fixtures) and returns the URL to check. */
  visit: (page: Page, lang: Language) => Promise<string>;
  /** After navigating: waits for the state to check (defaults to nothing more). */
  ready?: (page: Page, lang: Language) => Promise<void>;
}

const only = (name: string, visit: AxeCase['visit'], ready?: AxeCase['ready']): AxeCase => ({ name, visit, ready });
const anonymous = (key: PageKey, search?: string) => only('', async (_page, lang) => pagePath(key, lang, {}, search));
const loggedIn = (key: PageKey) =>
  only('', async (page, lang) => {
    await login(page, 'aino', { lang });
    return pagePath(key, lang);
  });

const CASES: Record<PageKey, AxeCase[] | { skip: string }> = {
  front: [anonymous('front'), { ...loggedIn('front'), name: 'logged in' }],
  // Accessibility statement and feedback (issue 23, ADR 0032)
  accessibilityStatement: [
    anonymous('accessibilityStatement'),
    only("children's brand", async (_page, lang) => `${CHILDREN_URL}${pagePath('accessibilityStatement', lang)}`),
  ],
  accessibilityFeedback: [
    anonymous('accessibilityFeedback'),
    only(
      'field errors',
      async (_page, lang) => pagePath('accessibilityFeedback', lang),
      async (page) => {
        await page.locator('input[name="email"]').fill('not-an-address');
        // The server's answer: the browser's own constraint check is skipped to reach it.
        await page.locator('form#accessibility-feedback').evaluate((form: HTMLFormElement) => {
          form.noValidate = true;
          form.requestSubmit();
        });
        await expect(page.locator('textarea[name="description"]')).toHaveAttribute('aria-invalid', 'true');
      },
    ),
  ],
  accessibilityFeedbackReceived: [
    only('', async (page, lang) => {
      await sendAccessibilityFeedback(page, lang, { email: 'palaute@example.fi' });
      return page.url();
    }),
  ],
  eula: [anonymous('eula')],
  help: [loggedIn('help')],
  login: [
    anonymous('login'),
    { ...anonymous('login', 'error=failed'), name: 'identification failed' },
    only('identifying again', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('login', lang, {}, new URLSearchParams({ again: '1', nextPath: pagePath('myInformation', lang, {}, 'edit=contact') }));
    }),
  ],
  logout: [loggedIn('logout')],
  expiredSession: [
    anonymous('expiredSession'),
    { ...loggedIn('expiredSession'), name: 'session still active' },
    only('SMS code offered', async (page, lang) => {
      await patientWithSmsLogin(page, lang);
      await page.request.get('/dev/test-fixtures/session?lapse=idle');
      return pagePath('expiredSession', lang, {}, `next=${pagePath('myInformation', lang)}`);
    }),
  ],
  inApp: { skip: 'only redirects (to its next page, which is checked as itself)' },
  appointmentList: [loggedIn('appointmentList')],
  appointment: [
    only('', async (page, lang) => {
      await login(page, 'aino', { lang });
      const fixture = await bookFixture(page, 'aino', 2 * 24 * 60);
      return pagePath('appointment', lang, { ids: String(fixture.id) });
    }),
    // ADR 0034: a 15-year-old's visit their guardian booked, with the "hide from my guardian" form.
    only('a minor may hide it from the guardian', async (page, lang) => {
      const family = await confidentialFamily(page);
      await login(page, family.teen, { lang });
      return pagePath('appointment', lang, { ids: String(family.teenVisitId) });
    }),
  ],
  appointmentCancel: [
    only('', async (page, lang) => {
      await login(page, 'aino', { lang });
      const fixture = await bookFixture(page, 'aino', 2 * 24 * 60);
      return pagePath('appointmentCancel', lang, { id: String(fixture.id) });
    }),
  ],
  // Changing the time (issue 24, ADR 0036): the confirm step (the anonymous link leads to it through the login, issue 39).
  appointmentMove: [
    only(
      '',
      async (page, lang) => {
        await login(page, 'aino', { lang });
        const fixture = await bookFixture(page, 'aino', 3 * 24 * 60, { withSlot: '1' });
        const target = await freshSlot(page.request, { startInMinutes: String(4 * 24 * 60) });
        return pagePath('appointmentMove', lang, { id: String(fixture.id) }, `slot=${target.slotId}`);
      },
      async (page, lang) => {
        await expect(page.getByRole('heading', { level: 1, name: moveTexts[lang].confirm.title })).toBeVisible();
      },
    ),
  ],
  anonymousAppointment: [
    only('', async (page, lang) => pagePath('anonymousAppointment', lang, { code: (await bookFixture(page, 'aino', 20)).code })),
    only('not found', async (_page, lang) => pagePath('anonymousAppointment', lang, { code: 'bm90LWEtY29kZQ' })),
  ],
  // Earlier-time offers (issue 24, ADR 0037)
  appointmentEarlierTime: [
    only('', async (page, lang) => pagePath('appointmentEarlierTime', lang, { id: String((await patientWithAppointment(page, lang)).id) })),
    only('on the list', async (page, lang) => {
      const appointment = await patientWithAppointment(page, lang);
      await requestOverHttp(page, lang, appointment);
      return pagePath('appointmentEarlierTime', lang, { id: String(appointment.id) });
    }),
  ],
  earlierTimeOffer: [
    only('open offer', async (page, lang) => {
      const appointment = await patientWithAppointment(page, lang);
      const phone = await requestOverHttp(page, lang, appointment);
      const slot = await freeTime(page, 4 * 24 * 60 + 35 * LANGUAGES.indexOf(lang));
      return offerLinkTo(page, phone, slot.startAt, lang);
    }),
    only('not found', async (_page, lang) => pagePath('earlierTimeOffer', lang, { code: 'MV9ub3RhcmVhbHRva2VuX2Zvcl90aGlzX29mZmVy' })),
  ],
  bookingLanding: [anonymous('bookingLanding')],
  privateSearch: [
    only('results', async (_page, lang) =>
      pagePath('privateSearch', lang, {}, new URLSearchParams({ startDate: firstDayAhead(2, [1, 2, 3, 4, 5]), municipality: 'helsinki' })),
    ),
    // Moving an appointment: the search pre-filled for it, with the notice (issue 24).
    only(
      'moving an appointment',
      async (page, lang) => {
        await login(page, 'aino', { lang });
        return pagePath('appointmentMove', lang, { id: String((await bookFixture(page, 'aino', 3 * 24 * 60, { withSlot: '1' })).id) });
      },
      async (page) => {
        await expect(page.locator('[data-move-notice]')).toBeVisible();
      },
    ),
    // A Sunday at one clinic (far enough that no test's own free time is on it): the empty text
    // with its suggestions and alternatives.
    only('nothing found', async (_page, lang) =>
      pagePath('privateSearch', lang, {}, new URLSearchParams({ startDate: firstDayAhead(5, [7]), clinicIds: 'KA' })),
    ),
  ],
  reserve: [
    only('anonymous form', async (page, lang) => {
      const slot = await freshSlot(page.request, { startInMinutes: String(6 * 60) });
      return pagePath('reserve', lang, { slotId: String(slot.slotId) });
    }),
    only(
      'field error',
      async (page, lang) => pagePath('reserve', lang, { slotId: String((await freshSlot(page.request)).slotId) }),
      async (page) => {
        await page.locator('input[name="ssn"]').fill('123');
        // The server's answer (a plain page: the book button waits for the form, so it is sent as is).
        await page.locator('form#reservation').evaluate((form: HTMLFormElement) => form.requestSubmit());
        await expect(page.locator('input[name="ssn"]')).toHaveAttribute('aria-invalid', 'true');
      },
    ),
    only('reserved', async (page, lang) => {
      const slot = await freshSlot(page.request, { patient: 'new' });
      await page.goto(pagePath('reserve', lang, { slotId: String(slot.slotId) }));
      const form = page.locator('form[method="post"]').filter({ has: page.locator('input[name="ssn"]') });
      await form.locator('input[name="ssn"]').fill(slot.patient!.identityCode);
      await form.locator('input[name="firstName"]').fill(slot.patient!.firstName);
      await form.locator('input[name="lastName"]').fill(slot.patient!.lastName);
      await form.locator('input[name="phone"]').fill(`040${String(Math.floor(1_000_000 + Math.random() * 8_999_999))}`);
      await form.locator('input[name="emailAddress"]').fill('axe@example.fi');
      await form.locator('input[name="termsApproved"]').check();
      await form.locator('button[type="submit"]').last().click();
      await expect(page.getByRole('heading', { level: 1, name: reservationTexts[lang].success.title })).toBeVisible();
      return page.url();
    }),
    only('not available', async (_page, lang) => pagePath('reserve', lang, { slotId: '999999999' })),
    only('register at a reception', async (page, lang) => {
      const slot = await freshSlot(page.request);
      return pagePath('reserve', lang, { slotId: String(slot.slotId) }, 'reception=1');
    }),
    only('logged in', async (page, lang) => {
      const slot = await freshSlot(page.request);
      await login(page, 'aino', { lang });
      return pagePath('reserve', lang, { slotId: String(slot.slotId) });
    }),
    only("children's brand choice", async (page, lang) => {
      const slot = await freshSlot(page.request, {}, CHILDREN_URL);
      return `${CHILDREN_URL}${pagePath('reserve', lang, { slotId: String(slot.slotId) })}`;
    }),
    only("children's brand, the guardian's ward choice", async (page, lang) => {
      const slot = await freshSlot(page.request, {}, CHILDREN_URL);
      await login(page, 'laura', { baseURL: CHILDREN_URL, lang });
      return `${CHILDREN_URL}${pagePath('reserve', lang, { slotId: String(slot.slotId) }, 'for=child')}`;
    }),
  ],
  registration: [
    only(
      '',
      async (page, lang) => {
        const slot = await freshSlot(page.request);
        await login(page, { identityCode: newIdentityCode() }, { lang });
        // Registration is reached from a reservation by someone who is not yet a patient.
        return pagePath('reserve', lang, { slotId: String(slot.slotId) });
      },
      async (page, lang) => {
        await expect(page).toHaveURL(new RegExp(`${pagePath('registration', lang)}\\?`));
      },
    ),
    only(
      'child details (a guardian registers their child)',
      async (page, lang) => {
        const family = await freshFamily(page.request, CHILDREN_URL);
        const slot = await freshSlot(page.request, {}, CHILDREN_URL);
        await login(page, { identityCode: family.guardian.identityCode }, { baseURL: CHILDREN_URL, lang });
        // The guardian picks the child on the ward choice, which leads to the child details.
        await page.goto(`${CHILDREN_URL}${pagePath('reserve', lang, { slotId: String(slot.slotId) }, 'for=child')}`);
        await page.getByRole('link', { name: childName(family) }).click();
        await expect(page).toHaveURL(/[?&]ward=/);
        return page.url();
      },
      async (page, lang) => {
        await expect(page.getByRole('heading', { level: 1, name: reservationTexts[lang].registration.childTitle })).toBeVisible();
      },
    ),
  ],
  newCustomer: [loggedIn('newCustomer')],
  patientDataConsent: [
    loggedIn('patientDataConsent'),
    only(
      "a guardian's consent for their child",
      async (page, lang) => {
        const family = await freshFamily(page.request, CHILDREN_URL);
        const slot = await freshSlot(page.request, {}, CHILDREN_URL);
        await login(page, { identityCode: family.guardian.identityCode }, { baseURL: CHILDREN_URL, lang });
        await page.goto(`${CHILDREN_URL}${pagePath('reserve', lang, { slotId: String(slot.slotId) }, 'for=child')}`);
        await page.getByRole('link', { name: childName(family) }).click();
        // The child details come prefilled from the register and the guardian; registering leads to the consent.
        await page.locator('main form button[type=submit]').click();
        await expect(page).toHaveURL(new RegExp(`${pagePath('patientDataConsent', lang)}\\?.*ward=`));
        return page.url();
      },
      async (page) => {
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('checkbox').first()).toBeVisible();
      },
    ),
  ],
  childrensChat: [
    only('', async (page, lang) => {
      await login(page, 'laura', { baseURL: CHILDREN_URL, lang });
      return `${CHILDREN_URL}${pagePath('childrensChat', lang)}`;
    }),
    only('anonymous', async (_page, lang) => `${CHILDREN_URL}${pagePath('childrensChat', lang)}`),
    only('payment intent', async (_page, lang) => `${CHILDREN_URL}${pagePath('childrensChat', lang, {}, 'payment_intent=pi_123')}`),
  ],
  // Booking for everyone else (issue 13).
  occupationalSearch: [
    only('results', async (page, lang) => {
      await login(page, 'mikko', { lang });
      return pagePath('occupationalSearch', lang, {}, new URLSearchParams({ startDate: firstDayAhead(2, [1, 2, 3, 4, 5]) }));
    }),
    only('no occupational health care', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('occupationalSearch', lang);
    }),
    only('no web reservation', async (page, lang) => {
      await login(page, { identityCode: PAYER_DEMO_PERSONS.olli.identityCode }, { lang });
      return pagePath('occupationalSearch', lang);
    }),
  ],
  occupationalVaccination: [
    { ...anonymous('occupationalVaccination'), name: 'sign-in prompt' },
    { ...loggedIn('occupationalVaccination'), name: 'no agreement' },
    only('included vaccines', async (page, lang) => {
      await login(page, 'mikko', { lang });
      return pagePath('occupationalVaccination', lang);
    }),
  ],
  hpaRegistration: [
    only('', async (page, lang) => {
      await login(page, { identityCode: newIdentityCode() }, { lang });
      return pagePath('hpaRegistration', lang, {}, new URLSearchParams({ next: pagePath('bookingLanding', lang) }));
    }),
  ],
  guardianChoice: [anonymous('guardianChoice'), { ...anonymous('guardianChoice', 'error=disallowed'), name: 'disallowed' }],
  occupationalReserve: [
    only('form with confirmation', async (page, lang) => {
      const slot = await freshSlot(page.request, OCCUPATIONAL_SLOT);
      await login(page, { identityCode: slot.patient!.identityCode }, { lang });
      return pagePath('occupationalReserve', lang, { slotId: String(slot.slotId) });
    }),
    only('special contract', async (page, lang) => {
      const slot = await freshSlot(page.request, OCCUPATIONAL_SLOT);
      await login(page, { identityCode: PAYER_DEMO_PERSONS.reetta.identityCode }, { lang });
      return pagePath('occupationalReserve', lang, { slotId: String(slot.slotId) });
    }),
  ],
  // Insurance customers (issue 13, ADR 0022)
  insuranceSearch: [
    only('results', async (page, lang) => {
      const slot = await insuranceCustomer(page.request);
      await login(page, { identityCode: slot.patient!.identityCode }, { lang });
      const day = helsinkiDate(slot.startAt);
      return pagePath('insuranceSearch', lang, {}, new URLSearchParams({ startDate: day }));
    }),
  ],
  insuranceReserve: [
    only('insurer choice', async (page, lang) => {
      const slot = await insuranceCustomer(page.request);
      await login(page, { identityCode: slot.patient!.identityCode }, { lang });
      return pagePath('insuranceReserve', lang, { slotId: String(slot.slotId) });
    }),
    only(
      'LähiTapiola permits',
      async (page, lang) => {
        const slot = await insuranceCustomer(page.request, { insurer: 'LAHITAPIOLA', permits: 'Selkäkipu:Selkä' });
        await login(page, { identityCode: slot.patient!.identityCode }, { lang });
        return pagePath('insuranceReserve', lang, { slotId: String(slot.slotId) });
      },
      async (page) => {
        await page.getByRole('radio', { name: 'LähiTapiola', exact: true }).check();
        await page.locator('button[name="intent"][value="insurer-choose"]').click();
        await page.locator('input[name="consent"]').check();
        await page.locator('button[name="intent"][value="lt-consent"]').click();
        await expect(page.locator('input[name="permit"]')).toHaveCount(1);
      },
    ),
  ],
  // Invoices and online payment (issue 12)
  invoices: [
    loggedIn('invoices'),
    only('second page', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('invoices', lang, {}, 'page=2');
    }),
    only("guardian with a child's invoice", async (page, lang) => {
      await login(page, 'laura', { lang });
      return pagePath('invoices', lang);
    }),
  ],
  invoiceSummary: [
    only('', async (page, lang) => {
      await login(page, 'aino', { lang });
      const invoice = await invoiceFixture(page, 'aino', { status: 'paid' });
      return pagePath('invoiceSummary', lang, { id: String(invoice.id) });
    }),
  ],
  invoicePayment: [
    only('payment methods', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('invoicePayment', lang, { number: (await invoiceFixture(page, 'aino')).invoiceNumber });
    }),
    only('e-mail required', async (page, lang) => {
      const invoice = await invoiceFixture(page, 'new', { email: 'invalid' });
      await login(page, { identityCode: invoice.identityCode! }, { lang });
      return pagePath('invoicePayment', lang, { number: invoice.invoiceNumber });
    }),
    only('already paid', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('invoicePayment', lang, { number: (await invoiceFixture(page, 'aino', { status: 'paid' })).invoiceNumber });
    }),
  ],
  paymentResult: [
    only('paid', async (page, lang) => {
      await login(page, 'aino', { lang });
      await payAtTestBank(page, lang, (await invoiceFixture(page, 'aino')).invoiceNumber, 'pay');
      return page.url();
    }),
    only('card declined', async (page, lang) => {
      await login(page, 'aino', { lang });
      await payAtTestBank(page, lang, (await invoiceFixture(page, 'aino')).invoiceNumber, 'card-declined');
      return page.url();
    }),
    only('bank confirms later (pending, polled)', async (page, lang) => {
      await login(page, 'aino', { lang });
      await payAtTestBank(page, lang, (await invoiceFixture(page, 'aino')).invoiceNumber, 'delayed');
      return page.url();
    }),
  ],
  invoiceNotificationLanding: [only('', async (_page, lang) => pagePath('invoiceNotificationLanding', lang, { number: '2026010' }))],
  payVisit: [
    only('', async (page, lang) => {
      await login(page, 'aino', { lang });
      await bookFixture(page, 'aino', 3 * 60, { locationType: 'videoAppointment' });
      return pagePath('payVisit', lang);
    }),
  ],
  visitPaymentApproval: [
    only('', async (page, lang) => {
      await login(page, 'aino', { lang });
      const visit = await bookFixture(page, 'aino', 3 * 60, { locationType: 'videoAppointment' });
      return pagePath('visitPaymentApproval', lang, { id: String(visit.id) });
    }),
  ],
  visitPaymentSuccess: [
    only('', async (page, lang) => {
      await login(page, 'aino', { lang });
      const visit = await bookFixture(page, 'aino', 3 * 60, { locationType: 'videoAppointment' });
      await page.goto(pagePath('visitPaymentApproval', lang, { id: String(visit.id) }));
      await page.getByRole('button', { name: invoiceTexts[lang].visit.approve }).click();
      await expect(page.getByRole('heading', { level: 1, name: invoiceTexts[lang].pay.title })).toBeVisible();
      const number = /\/(\d+)$/.exec(new URL(page.url()).pathname)![1]!;
      const success = pagePath('visitPaymentSuccess', lang, { id: String(visit.id) });
      await payAtTestBank(page, lang, number, 'pay', new RegExp(`${success}$`));
      return success;
    }),
  ],
  // My information (issue 9)
  myDevices: [loggedIn('myDevices')],
  myInformation: [
    loggedIn('myInformation'),
    only('editing contact', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('myInformation', lang, {}, 'edit=contact');
    }),
    only('editing contact, identified too long ago to change the phone', async (page, lang) => {
      await login(page, 'aino', { lang });
      expect((await page.request.get('/dev/test-fixtures/session?identifiedMinutes=20')).ok()).toBeTruthy();
      return pagePath('myInformation', lang, {}, 'edit=contact');
    }),
    only('consent tab', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('myInformation', lang, {}, 'tab=consent');
    }),
    only('guardian of a child', async (page, lang) => {
      await login(page, 'laura', { lang });
      return pagePath('myInformation', lang);
    }),
  ],
  // Who has handled my data (issue 23, ADR 0033)
  accessLog: [
    loggedIn('accessLog'),
    only('period with an error', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('accessLog', lang, {}, 'from=2026-02-30&to=2025-01-01');
    }),
    only(
      'guardian viewing a child',
      async (page, lang) => {
        await login(page, 'laura', { lang });
        return pagePath('accessLog', lang);
      },
      async (page) => {
        await page.getByRole('link', { name: 'Eino Nieminen' }).click();
        await page.getByRole('link', { name: 'Eino Nieminen', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
      },
    ),
  ],
  smsAuthentication: [
    anonymous('smsAuthentication'),
    only(
      'code sent',
      async (page, lang) => {
        await patientWithSmsLogin(page, lang);
        await page.request.get('/dev/test-fixtures/session?lapse=idle');
        return pagePath('smsAuthentication', lang, {}, `next=${pagePath('myInformation', lang)}`);
      },
      async (page) => {
        await page
          .getByRole('button', { name: /SMS|teksti/ })
          .first()
          .click();
        await page.locator('#sms-code').waitFor();
      },
    ),
  ],
  // ─── Messaging (issue 10) ───
  conversations: [
    only('', async (page, lang) => {
      await login(page, 'mikko', { lang });
      return pagePath('conversations', lang);
    }),
  ],
  conversationNew: [
    only('', async (page, lang) => {
      await login(page, 'mikko', { lang });
      return pagePath('conversationNew', lang);
    }),
  ],
  conversation: [
    only('', async (page, lang) => {
      await login(page, 'mikko', { lang });
      await page.goto(pagePath('conversations', lang));
      return (await page.locator('main ul a').first().getAttribute('href'))!;
    }),
  ],
  occupationalTeam: [
    only('', async (page, lang) => {
      await login(page, 'mikko', { lang });
      return pagePath('occupationalTeam', lang);
    }),
  ],
  // Issue 26 (ADR 0041): the practitioner page, the health portal, mental support, the occupational landing.
  practitioner: [
    only('', async (page, lang) => {
      await login(page, 'mikko', { lang });
      await page.goto(pagePath('occupationalTeam', lang));
      return (await page.getByRole('main').locator('ol a').first().getAttribute('href'))!;
    }),
  ],
  healthPortal: [
    anonymous('healthPortal'),
    { ...loggedIn('healthPortal'), name: 'logged in' },
    only("children's brand", async (_page, lang) => `${CHILDREN_URL}${pagePath('healthPortal', lang)}`),
  ],
  mentalSupport: [
    anonymous('mentalSupport'),
    only('occupational customer', async (page, lang) => {
      await login(page, 'mikko', { lang });
      return pagePath('mentalSupport', lang);
    }),
  ],
  occupationalLanding: [{ ...anonymous('occupationalLanding', 'specialtyIds=TTH'), name: 'with a query' }],
  staffMessages: [
    only('', async (page, lang) => {
      await login(page, { identityCode: DEMO_PROFESSIONALS.hanna.identityCode }, { lang });
      return pagePath('staffMessages', lang);
    }),
  ],
  staffThread: [
    only('', async (page, lang) => {
      await login(page, { identityCode: DEMO_PROFESSIONALS.hanna.identityCode }, { lang });
      await page.goto(pagePath('staffMessages', lang, {}, 'category=others'));
      return (await page.locator('main table a').first().getAttribute('href'))!;
    }),
  ],
  staffAbsences: [
    only('', async (page, lang) => {
      await login(page, { identityCode: DEMO_PROFESSIONALS.hanna.identityCode }, { lang });
      return pagePath('staffAbsences', lang);
    }),
  ],
  staffAccessibilityFeedback: [
    only('', async (page, lang) => {
      await sendAccessibilityFeedback(page, lang, { email: 'palaute@example.fi' });
      await login(page, { identityCode: DEMO_PROFESSIONALS.hanna.identityCode }, { lang });
      return pagePath('staffAccessibilityFeedback', lang);
    }),
  ],
  // HR users of client companies (ADR 0042): the demo HR user's list (with the new-conversation form) and her seeded thread.
  hrMessages: [
    only('', async (page, lang) => {
      await login(page, { identityCode: DEMO_HR_USERS.helena.identityCode }, { lang });
      return pagePath('hrMessages', lang);
    }),
  ],
  hrThread: [
    only('', async (page, lang) => {
      await login(page, { identityCode: DEMO_HR_USERS.helena.identityCode }, { lang });
      await page.goto(pagePath('hrMessages', lang));
      return (await page.locator('main ul a').first().getAttribute('href'))!;
    }),
  ],
  // Health records (issue 11): Aino's seeded record; detail pages by the first link of their list.
  prescriptions: [loggedIn('prescriptions')],
  prescriptionRenewal: [
    only('', async (page, lang) => {
      await login(page, 'aino', { lang });
      return firstLink(page, pagePath('prescriptions', lang), pagePath('prescriptionRenewal', lang, { ids: '0' }).replace(/0$/, ''), (html) =>
        [...html.matchAll(/name="id" value="(\d+)"/g)]
          .map((m) => m[1]!)
          .slice(0, 2)
          .join(','),
      );
    }),
  ],
  laboratory: [loggedIn('laboratory')],
  laboratoryReferral: [recordDetail('laboratory', 'laboratoryReferral')],
  laboratoryResult: [
    recordDetail('laboratory', 'laboratoryResult'),
    only('not found', async (page, lang) => {
      await login(page, 'aino', { lang });
      return pagePath('laboratoryResult', lang, { date: '2001-01-01' });
    }),
  ],
  imaging: [loggedIn('imaging')],
  imagingReferral: [recordDetail('imaging', 'imagingReferral')],
  imagingResult: [recordDetail('imaging', 'imagingResult')],
  visits: [loggedIn('visits')],
  visit: [recordDetail('visits', 'visit')],
  questionnaires: [loggedIn('questionnaires')],
  questionnaire: [recordDetail('questionnaires', 'questionnaire')],
  vaccinations: [loggedIn('vaccinations')],
  certificates: [loggedIn('certificates')],
  dataExport: [
    loggedIn('dataExport'),
    only('guardian of a ward under 12', async (page, lang) => {
      await login(page, 'laura', { lang });
      return pagePath('dataExport', lang);
    }),
  ],
  employeeMemo: [
    only('', async (page, lang) => {
      await login(page, 'mikko', { lang });
      return pagePath('employeeMemo', lang);
    }),
  ],
  sicknessFund: ['', 'korvauskaytannot', 'ohjeet', 'usein-kysyttya'].map((tab) =>
    only(tab, async (page, lang) => {
      await login(page, 'mikko', { lang });
      return pagePath('sicknessFund', lang, {}, tab ? `tab=${tab}` : undefined);
    }),
  ),
};

/** The href of the first link on a logged-in list page that starts with `prefix` (or what `pick` returns). */
async function firstLink(page: Page, listPath: string, prefix: string, pick?: (html: string) => string): Promise<string> {
  const html = await (await page.request.get(listPath)).text();
  if (pick) return `${prefix}${pick(html)}`;
  const href = new RegExp(`href="(${prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[^"]+)"`).exec(html)?.[1];
  expect(href).toBeTruthy();
  return href!.replace(/&amp;/g, '&');
}

/** A record detail page of Aino's, reached from its list page. */
function recordDetail(list: PageKey, detail: PageKey): AxeCase {
  return only('', async (page, lang) => {
    await login(page, 'aino', { lang });
    const pattern = pagePath(detail, lang, { id: 'X', date: 'X' });
    return firstLink(page, pagePath(list, lang), pattern.slice(0, pattern.lastIndexOf('/') + 1));
  });
}

/** Pages outside the route table. */
const OTHER_PAGES: AxeCase[] = [
  only('not found page', async (_page, lang) => `/${lang}/ei-ole-olemassa`),
  only('test identification service', async (_page, lang) => `/oauth/authenticate?lang=${lang}&next=/${lang}&acr_values=fi-op`),
  only("children's brand front page", async (_page, lang) => `${CHILDREN_URL}/${lang}`),
];

test.describe('accessibility (axe)', () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'the rendered HTML is the same; checked once');

  // One test per distinct page state. axe checks it in one language, rotated from case to case
  // so that every language is checked across the run (the three languages' markup differs only
  // in its text); the state's other languages, reached by the page's own language links, must
  // then have the checked page's structure: landmarks, headings, labelled controls, lang.
  const cases: Array<{ title: string; lang: Language; languages: Language[]; axe: AxeCase; ownLinks: boolean }> = [];
  const add = (name: string, languages: Language[], axe: AxeCase, ownLinks = true) => {
    const lang = languages[cases.length % languages.length]!;
    cases.push({ title: `${name} in ${lang}`, lang, languages, axe, ownLinks });
  };
  for (const [key, pageCases] of Object.entries(CASES) as Array<[PageKey, AxeCase[] | { skip: string }]>) {
    if (!Array.isArray(pageCases)) continue;
    const languages = LANGUAGES.filter((l) => pageExistsIn(key, l));
    for (const axe of pageCases) add(`${key}${axe.name ? ` (${axe.name})` : ''}`, languages, axe);
  }
  // Outside the route table a page's language links lead to the front page: its own steps instead.
  for (const axe of OTHER_PAGES) add(axe.name, [...LANGUAGES], axe, false);

  for (const { title, lang, languages, axe, ownLinks } of cases) {
    test(title, async ({ page }) => {
      const url = await axe.visit(page, lang);
      await page.goto(url);
      await axe.ready?.(page, lang);
      await expectNoAxeViolations(page);
      // A state reached by acting on the page (field errors) has no link of its own to compare.
      if (axe.ready) return;
      const pages = await expectSameStructureInEveryLanguage(page, lang, languages, (other) => axe.visit(page, other), ownLinks);
      expectWorksWithoutScript(pages);
    });
  }
});
