/**
 * The route table: every page of the portal, once, with its path in each language.
 * `app/routes.ts` turns it into React Router's config; the language picker, navigation and
 * redirects use `pagePath` and `matchPage` below, so nothing else needs the translated words.
 * Client-safe (pure data).
 *
 * Path patterns are relative to /{lang}; `:name` is a parameter. A page without a path for a
 * language does not exist in that language (e.g. the Finnish-only help page).
 *
 * Ordered by area (shell, auth, appointments, booking, messaging, records, billing, account;
 * docs/decisions/0027). Which page a request is for is React Router's decision, never a second
 * matcher's: see app/route-match.ts (issue 21).
 */
import type { BrandKey } from '~/brands';
import type { FeatureFlag, Features } from '~/models/features';
// Relative import: this module is also loaded by the route config loader, outside Vite's aliases.
import { LANGUAGES, type Language } from './i18n/config';

export type PageAccess =
  /** anyone */
  | 'public'
  /** a logged-in user; anonymous visitors are sent to the login page */
  | 'user';

export type Chrome =
  /** header, side navigation (when logged in) and footer */
  | 'full'
  /** header without side navigation, full-width content, footer */
  | 'wide'
  /**
   * header without side navigation, full-width content and no footer: the full-width appointment
   * lists (spec 1 §2 "hidden chrome", spec 3 §2 "navigation menu hidden, full width")
   */
  | 'list'
  /** no navigation and no footer (guardian choice, SMS authentication, landing pages) */
  | 'bare'
  /** the expired-session header: logo and language switch only */
  | 'minimal';

export interface PageDefinition {
  file: string;
  paths: Partial<Record<Language, string>>;
  access: PageAccess;
  chrome?: Chrome;
  /** Brands that have the page; all when omitted. */
  brands?: readonly BrandKey[];
  /** Feature flag that must be on for the page to exist for this user. */
  feature?: FeatureFlag;
  /** Occupational-health pages get the occupational themed header. */
  theme?: 'occupational';
  /**
   * Where anonymous visitors of a `user` page go instead of the generic login page (a key of this
   * table; `loginPageOf`), with the page's query string: the occupational list's landing page.
   */
  anonymousLanding?: string;
}

const same = (path: string) => ({ fi: path, sv: path, en: path });

export const PAGES = {
  // ─── Shell: front page, terms, help, in-app landing, children's chat.
  front: { file: 'routes/shell/front.tsx', paths: same(''), access: 'public' },
  eula: { file: 'routes/shell/eula.tsx', paths: same('eula'), access: 'public' },
  help: { file: 'routes/shell/help.tsx', paths: { fi: 'ohjeita' }, access: 'user' },
  inApp: { file: 'routes/shell/in-app.tsx', paths: same('in-app'), access: 'public' },
  /** The accessibility statement (Act 306/2019's model; ADR 0032), on both brands, for anyone. */
  accessibilityStatement: {
    file: 'routes/shell/accessibility-statement.tsx',
    paths: { en: 'accessibility-statement', fi: 'saavutettavuusseloste', sv: 'tillganglighetsutlatande' },
    access: 'public',
  },
  /** The statement's feedback form: no login, works without JS (ADR 0032). */
  accessibilityFeedback: {
    file: 'routes/shell/accessibility-feedback.tsx',
    paths: { en: 'accessibility-statement/feedback', fi: 'saavutettavuusseloste/palaute', sv: 'tillganglighetsutlatande/respons' },
    access: 'public',
  },
  /** Where the feedback form leads after sending. */
  accessibilityFeedbackReceived: {
    file: 'routes/shell/accessibility-feedback-received.tsx',
    paths: {
      en: 'accessibility-statement/feedback/received',
      fi: 'saavutettavuusseloste/palaute/vastaanotettu',
      sv: 'tillganglighetsutlatande/respons/mottagen',
    },
    access: 'public',
  },
  /**
   * The health portal's front page (spec 1 §2 "health-portal front page", ADR 0041): health
   * topics linking to the portal's services, the symptom check (where to turn, by urgency) and
   * booking; for anyone, on both brands.
   */
  healthPortal: {
    file: 'routes/shell/health-portal.tsx',
    paths: { en: 'health-portal', fi: 'terveysportaali', sv: 'halsoportalen' },
    access: 'public',
  },
  /**
   * The mental-support service's chat page (spec 1 §2, ADR 0041): how to reach our mental-support
   * care (a secure-messaging conversation, a psychologist's time) and the national crisis lines;
   * for anyone (the crisis lines need no login), on the general brand, whose messaging it uses.
   */
  mentalSupport: {
    file: 'routes/shell/mental-support.tsx',
    paths: { en: 'mental-support', fi: 'mielen-tuki', sv: 'psykiskt-stod' },
    access: 'public',
    brands: ['general'],
  },
  /** Reachable without login (anonymous and payment-intent variants); the page checks the flag pikkutsatti. */
  childrensChat: {
    file: 'routes/shell/childrens-chat.tsx',
    paths: same('pikkutsatti'),
    access: 'public',
    brands: ['children'],
  },

  // ─── Auth: login, logout, expired session.
  login: {
    file: 'routes/auth/login.tsx',
    paths: { en: 'login', fi: 'kirjaudu', sv: 'logga-in' },
    access: 'public',
    chrome: 'wide',
  },
  logout: {
    file: 'routes/auth/logout.tsx',
    paths: { en: 'logout', fi: 'kirjaudu-ulos', sv: 'logga-ut' },
    access: 'public',
  },
  expiredSession: {
    file: 'routes/auth/expired-session.tsx',
    paths: { en: 'expired-session', fi: 'katkennut-istunto', sv: 'utgatt-session' },
    access: 'public',
    chrome: 'minimal',
  },

  // ─── Appointments: the list, one or several, cancel, the anonymous link.
  appointmentList: {
    file: 'routes/appointments/list.tsx',
    paths: { en: 'appointments', fi: 'ajanvaraukset', sv: 'tidsbokningar' },
    access: 'user',
  },
  /** One or several appointments: ids comma-joined, e.g. /fi/ajanvaraukset/12,13. */
  appointment: {
    file: 'routes/appointments/appointment.tsx',
    paths: { en: 'appointments/:ids', fi: 'ajanvaraukset/:ids', sv: 'tidsbokningar/:ids' },
    access: 'user',
  },
  /** The cancel confirmation (without JS; with JS the same form opens as a dialog). */
  appointmentCancel: {
    file: 'routes/appointments/cancel.tsx',
    paths: { en: 'appointments/:id/cancel', fi: 'ajanvaraukset/:id/peru', sv: 'tidsbokningar/:id/avboka' },
    access: 'user',
  },
  /**
   * Change the time (issue 24, ADR 0036): without `?slot=` it opens the search pre-filled for the
   * appointment (a redirect); with it, what changes and the confirm form.
   */
  appointmentMove: {
    file: 'routes/appointments/move.tsx',
    paths: { en: 'appointments/:id/change-time', fi: 'ajanvaraukset/:id/vaihda-aika', sv: 'tidsbokningar/:id/byt-tid' },
    access: 'user',
  },
  /** The link in the booking message: /{lang}/varaus/{code}, no login. */
  anonymousAppointment: {
    file: 'routes/appointments/anonymous.tsx',
    paths: { en: 'appointment/:code', fi: 'varaus/:code', sv: 'bokning/:code' },
    access: 'public',
  },
  /** Ask for an earlier time for an upcoming appointment; see or withdraw the request (ADR 0037). */
  appointmentEarlierTime: {
    file: 'routes/appointments/earlier-time.tsx',
    paths: { en: 'appointments/:id/earlier-time', fi: 'ajanvaraukset/:id/aikaisempi-aika', sv: 'tidsbokningar/:id/tidigare-tid' },
    access: 'user',
  },
  /** The link of an earlier-time offer: the offered time and "take it", no login (ADR 0037). */
  earlierTimeOffer: {
    file: 'routes/appointments/earlier-time-offer.tsx',
    paths: { en: 'earlier-time/:code', fi: 'aikaisempi-aika/:code', sv: 'tidigare-tid/:code' },
    access: 'public',
  },

  // ─── Booking: landing, search and reserve per payer (self, occupational, insurance), guardian choice.
  /** Reservation landing: the customer picks how the visit is paid (private live now). */
  bookingLanding: {
    file: 'routes/booking/landing.tsx',
    paths: { en: 'booking', fi: 'ajanvaraus', sv: 'tidsbokning' },
    access: 'public',
    chrome: 'wide',
  },
  /** Private customers' appointment search (full width, no navigation menu, no footer). */
  privateSearch: {
    file: 'routes/booking/search.tsx',
    paths: { en: 'booking/private', fi: 'ajanvaraus/yksityisasiakas', sv: 'tidsbokning/privatkund' },
    access: 'public',
    chrome: 'list',
  },
  /** Reserve one free time: the anonymous form, or (logged in) registration → consent → booking. */
  reserve: {
    file: 'routes/booking/reserve.tsx',
    paths: { en: 'available-appointments/:slotId', fi: 'vapaat-ajat/:slotId', sv: 'lediga-tider/:slotId' },
    access: 'public',
    chrome: 'wide',
  },
  /** Occupational health appointment list: the private list's search on the employer's agreement. */
  occupationalSearch: {
    file: 'routes/booking/search.tsx',
    paths: { en: 'booking/occupational-health', fi: 'ajanvaraus/tyoterveys', sv: 'tidsbokning/foretagshalsovard' },
    access: 'user',
    chrome: 'list',
    brands: ['general'],
    feature: 'ohc-appointment-search',
    theme: 'occupational',
    anonymousLanding: 'occupationalLanding',
  },
  /**
   * The occupational landing page for anonymous users (spec 3 §2 "ohc-landing-page-for-anonymous-
   * users"): anonymous visitors of the occupational list land here, and its sign-in keeps the
   * list's query string (flag ohc-appointment-search, checked by the page).
   */
  occupationalLanding: {
    file: 'routes/booking/occupational-landing.tsx',
    paths: {
      en: 'booking/occupational-health/sign-in',
      fi: 'ajanvaraus/tyoterveys/tunnistaudu',
      sv: 'tidsbokning/foretagshalsovard/identifiera',
    },
    access: 'public',
    chrome: 'wide',
    brands: ['general'],
    theme: 'occupational',
  },
  /** Occupational vaccinations: sign-in prompt, no agreement, none in it, or the influenza booking link (flag checked by the page). */
  occupationalVaccination: {
    file: 'routes/booking/vaccination.tsx',
    paths: {
      en: 'booking/occupational-health/vaccinations',
      fi: 'ajanvaraus/tyoterveys/rokotukset',
      sv: 'tidsbokning/foretagshalsovard/vaccinationer',
    },
    access: 'public',
    chrome: 'wide',
    brands: ['general'],
    theme: 'occupational',
  },
  /** Guardian choice: whose matter this is (a child's, or one's own), then on to `next`. */
  guardianChoice: {
    file: 'routes/booking/guardian-choice.tsx',
    paths: { en: 'transaction-path', fi: 'asiointipolku', sv: 'transaktionsbana' },
    access: 'public',
    chrome: 'bare',
  },
  /** Reserve one free time on the employer's agreement (the reserve page's occupational variant). */
  occupationalReserve: {
    file: 'routes/booking/reserve.tsx',
    paths: {
      en: 'available-appointments/occupational-health/:slotId',
      fi: 'vapaat-ajat/tyoterveys/:slotId',
      sv: 'lediga-tider/foretagshalsovard/:slotId',
    },
    access: 'user',
    chrome: 'wide',
    brands: ['general'],
    feature: 'ohc-appointment-search',
    theme: 'occupational',
  },
  /** Insurance customers' appointment list (strong identification): free times insurers pay for (ADR 0022). */
  insuranceSearch: {
    file: 'routes/booking/search.tsx',
    paths: { en: 'booking/insurance', fi: 'ajanvaraus/vakuutus', sv: 'tidsbokning/forsakring' },
    access: 'user',
    chrome: 'list',
  },
  /** Reserve one free time as an insurance customer: the reserve page with the insurer step. */
  insuranceReserve: {
    file: 'routes/booking/reserve.tsx',
    paths: {
      en: 'available-appointments/insurance/:slotId',
      fi: 'vapaat-ajat/vakuutus/:slotId',
      sv: 'lediga-tider/forsakring/:slotId',
    },
    access: 'user',
    chrome: 'wide',
  },

  // ─── Messaging (issue 10): conversations, the occupational care team, the staff area.
  conversations: {
    file: 'routes/messaging/list.tsx',
    paths: { en: 'conversations', fi: 'viestit', sv: 'meddelanden' },
    access: 'user',
    brands: ['general'],
    feature: 'customer-messaging-allowed',
  },
  /** Before `conversation`, so that "new" is not taken for a thread id. */
  conversationNew: {
    file: 'routes/messaging/new.tsx',
    paths: { en: 'conversations/new', fi: 'viestit/uusi', sv: 'meddelanden/ny' },
    access: 'user',
    brands: ['general'],
    feature: 'customer-messaging-allowed',
  },
  conversation: {
    file: 'routes/messaging/thread.tsx',
    paths: { en: 'conversations/:threadId', fi: 'viestit/:threadId', sv: 'meddelanden/:threadId' },
    access: 'user',
    brands: ['general'],
    feature: 'customer-messaging-allowed',
  },
  occupationalTeam: {
    file: 'routes/messaging/team.tsx',
    paths: { en: 'occupational-health-care-team', fi: 'tyoterveystiimi', sv: 'foretagshalsovardsteamet' },
    access: 'user',
    brands: ['general'],
    theme: 'occupational',
  },
  /**
   * A practitioner of the customer's own care team (spec 2 §3: each responsible doctor and nurse
   * links here): name, title, languages, clinics, what can be booked with them. Anyone else's id
   * (or an unknown one) is 404.
   */
  practitioner: {
    file: 'routes/messaging/practitioner.tsx',
    paths: {
      en: 'occupational-health-care-team/:professionalId',
      fi: 'tyoterveystiimi/:professionalId',
      sv: 'foretagshalsovardsteamet/:professionalId',
    },
    access: 'user',
    brands: ['general'],
    theme: 'occupational',
  },
  /** The professionals' staff area (Finnish and English): threads by category. */
  staffMessages: {
    file: 'routes/messaging/staff/list.tsx',
    paths: { en: 'staff/messages', fi: 'henkilokunta/viestit' },
    access: 'user',
    chrome: 'wide',
  },
  staffThread: {
    file: 'routes/messaging/staff/thread.tsx',
    paths: { en: 'staff/messages/:threadId', fi: 'henkilokunta/viestit/:threadId' },
    access: 'user',
    chrome: 'wide',
  },
  staffAbsences: {
    file: 'routes/messaging/staff/absences.tsx',
    paths: { en: 'staff/absences', fi: 'henkilokunta/poissaolot' },
    access: 'user',
    chrome: 'wide',
  },
  /** Accessibility feedback received from the statement's form (ADR 0032), newest first. */
  staffAccessibilityFeedback: {
    file: 'routes/messaging/staff/accessibility-feedback.tsx',
    paths: { en: 'staff/accessibility-feedback', fi: 'henkilokunta/saavutettavuuspalaute' },
    access: 'user',
    chrome: 'wide',
  },

  /**
   * HR users of client companies (ADR 0042): their company's `Hr`/`Supervisor` conversations with
   * the occupational care team. 404 to anyone who is not an active HR user.
   */
  hrMessages: {
    file: 'routes/messaging/hr/list.tsx',
    paths: { en: 'hr/messages', fi: 'hr/viestit', sv: 'hr/meddelanden' },
    access: 'user',
    brands: ['general'],
  },
  hrThread: {
    file: 'routes/messaging/hr/thread.tsx',
    paths: { en: 'hr/messages/:threadId', fi: 'hr/viestit/:threadId', sv: 'hr/meddelanden/:threadId' },
    access: 'user',
    brands: ['general'],
  },

  // ─── Records (issue 11): health records. Detail pages of another person's record answer 404.
  prescriptions: {
    file: 'routes/records/prescriptions.tsx',
    paths: { en: 'prescriptions', fi: 'reseptit', sv: 'recept' },
    access: 'user',
  },
  /** The renewal form for comma-joined prescription ids, e.g. /fi/reseptin-uusinta/3,4. */
  prescriptionRenewal: {
    file: 'routes/records/renewal.tsx',
    paths: { en: 'prescription-renewal/:ids', fi: 'reseptin-uusinta/:ids', sv: 'receptfornyelse/:ids' },
    access: 'user',
  },
  laboratory: {
    file: 'routes/records/laboratory.tsx',
    paths: { en: 'laboratory', fi: 'laboratorio', sv: 'laboratorium' },
    access: 'user',
  },
  laboratoryReferral: {
    file: 'routes/records/lab-referral.tsx',
    paths: { en: 'laboratoryreferral/:id', fi: 'laboratoriolahete/:id', sv: 'laboratorieremiss/:id' },
    access: 'user',
  },
  /** One result day (YYYY-MM-DD) of the person chosen with ?person= (the viewer by default). */
  laboratoryResult: {
    file: 'routes/records/lab-result.tsx',
    paths: { en: 'laboratoryresult/:date', fi: 'laboratoriotulos/:date', sv: 'laboratorieresultat/:date' },
    access: 'user',
  },
  imaging: {
    file: 'routes/records/imaging.tsx',
    paths: { en: 'imaging', fi: 'kuvantaminen', sv: 'bildbehandling' },
    access: 'user',
  },
  imagingReferral: {
    file: 'routes/records/imaging-referral.tsx',
    paths: { en: 'imagingreferral/:id', fi: 'kuvantamislahete/:id', sv: 'bildbehandlingremiss/:id' },
    access: 'user',
  },
  imagingResult: {
    file: 'routes/records/imaging-result.tsx',
    paths: { en: 'imaging/:id', fi: 'kuvantaminen/:id', sv: 'bildbehandling/:id' },
    access: 'user',
  },
  visits: {
    file: 'routes/records/visits.tsx',
    paths: { en: 'visits', fi: 'kaynnit', sv: 'besoken' },
    access: 'user',
  },
  visit: {
    file: 'routes/records/visit.tsx',
    paths: { en: 'visits/:id', fi: 'kaynnit/:id', sv: 'besoken/:id' },
    access: 'user',
  },
  questionnaires: {
    file: 'routes/records/questionnaires.tsx',
    paths: { en: 'questionnaires', fi: 'kyselyt', sv: 'rundfraga' },
    access: 'user',
    brands: ['general'],
  },
  questionnaire: {
    file: 'routes/records/questionnaire.tsx',
    paths: { en: 'questionnaires/:id', fi: 'kyselyt/:id', sv: 'rundfraga/:id' },
    access: 'user',
    brands: ['general'],
  },
  vaccinations: {
    file: 'routes/records/vaccinations.tsx',
    paths: { en: 'vaccinations', fi: 'rokotukset', sv: 'vaccinationer' },
    access: 'user',
  },
  certificates: {
    file: 'routes/records/certificates.tsx',
    paths: { en: 'certificates', fi: 'todistukset', sv: 'certifikat' },
    access: 'user',
    brands: ['general'],
  },
  /** Finnish content in every language; also needs is-finnair-sickness-fund-member (checked by the page). */
  sicknessFund: {
    file: 'routes/records/sickness-fund.tsx',
    paths: same('sairauskassa'),
    access: 'user',
    brands: ['general'],
    feature: 'sickness-fund-page',
  },
  /** The occupational health employee memo (ADR 0017): occupational customers, general brand. */
  employeeMemo: {
    file: 'routes/records/employee-memo.tsx',
    paths: { en: 'employee-memo', fi: 'tyontekijan-muistio', sv: 'arbetstagarens-promemoria' },
    access: 'user',
    brands: ['general'],
    theme: 'occupational',
  },

  /** "Download my data" (issue 23, ADR 0035): the PDF and FHIR downloads of what the viewer may read, under my information. */
  dataExport: {
    file: 'routes/records/data-export.tsx',
    paths: { en: 'my-information/download-my-data', fi: 'omat-tiedot/lataa-tiedot', sv: 'mina-uppgifter/ladda-ner-uppgifter' },
    access: 'user',
  },

  // ─── Billing (issue 12): invoices and online payment.
  invoices: {
    file: 'routes/billing/list.tsx',
    paths: { en: 'invoices', fi: 'laskut', sv: 'fakturor' },
    access: 'user',
  },
  invoiceSummary: {
    file: 'routes/billing/summary.tsx',
    paths: { en: 'invoices/summary/:id', fi: 'laskut/yhteenveto/:id', sv: 'fakturor/oversikt/:id' },
    access: 'user',
  },
  /** Pay an invoice online: the provider's payment methods as plain forms (spec 2 §4). */
  invoicePayment: {
    file: 'routes/billing/pay.tsx',
    paths: { en: 'pay/:number', fi: 'maksa/:number', sv: 'betala/:number' },
    access: 'user',
  },
  /** Where the payment provider sends the browser back (signed parameters). */
  paymentResult: {
    file: 'routes/billing/payment-result.tsx',
    paths: { en: 'payment/:number', fi: 'maksu/:number', sv: 'betalning/:number' },
    access: 'user',
  },
  /** Pay a remote visit's fee (before it or within a day after). */
  payVisit: {
    file: 'routes/billing/pay-visit.tsx',
    paths: { en: 'pay-visit', fi: 'maksa-kaynti', sv: 'betala-besok' },
    access: 'user',
  },
  /** The visit fee's approval (appointments-additional-payment-approval-page), then the pay page. */
  visitPaymentApproval: {
    file: 'routes/billing/visit-payment-approval.tsx',
    paths: { en: 'appointments/:id/payment', fi: 'ajanvaraukset/:id/maksu', sv: 'tidsbokningar/:id/betalning' },
    access: 'user',
  },
  /** appointment-additional-payment-success-page. */
  visitPaymentSuccess: {
    file: 'routes/billing/visit-payment-success.tsx',
    paths: { en: 'appointments/:id/payment/done', fi: 'ajanvaraukset/:id/maksu/valmis', sv: 'tidsbokningar/:id/betalning/klar' },
    access: 'user',
  },
  /** The link in an invoice SMS / e-mail: whose visit is being paid, then login and the pay page. */
  invoiceNotificationLanding: {
    file: 'routes/billing/notification-landing.tsx',
    paths: { en: 'invoice-notice/:number', fi: 'laskuilmoitus/:number', sv: 'fakturameddelande/:number' },
    access: 'public',
    chrome: 'bare',
  },

  // ─── Account: registration, consent, my information, SMS re-identification.
  registration: {
    file: 'routes/account/register.tsx',
    paths: { en: 'registration', fi: 'rekisterointi', sv: 'registrering' },
    access: 'user',
    chrome: 'wide',
  },
  newCustomer: {
    file: 'routes/account/new-customer.tsx',
    paths: { en: 'new-customer', fi: 'uusi-asiakas', sv: 'ny-kund' },
    access: 'user',
  },
  patientDataConsent: {
    file: 'routes/account/consent.tsx',
    paths: { en: 'data-processing', fi: 'potilastietojen-kasittely', sv: 'behandling-av-patientuppgifter' },
    access: 'user',
  },
  myInformation: {
    file: 'routes/account/my-information.tsx',
    paths: { en: 'my-information', fi: 'omat-tiedot', sv: 'mina-uppgifter' },
    access: 'user',
  },
  /** My devices (issue 23, ADR 0032): the person's login sessions; end one or all the others. */
  myDevices: {
    file: 'routes/account/devices.tsx',
    paths: { en: 'my-information/devices', fi: 'omat-tiedot/laitteet', sv: 'mina-uppgifter/enheter' },
    access: 'user',
  },
  /** Who has handled my data (issue 23, ADR 0033): the person's access log; a guardian's ward under 12 with ?person=. */
  accessLog: {
    file: 'routes/account/access-log.tsx',
    paths: { en: 'who-has-handled-my-data', fi: 'tietojeni-kasittely', sv: 'behandling-av-mina-uppgifter' },
    access: 'user',
  },
  /** SMS-code re-identification of a lapsed session (no menu, no footer). */
  smsAuthentication: {
    file: 'routes/account/sms-authentication.tsx',
    paths: { en: 'authentication', fi: 'tunnistautuminen', sv: 'behorighetskontroll' },
    access: 'public',
    chrome: 'bare',
  },
  /** Registration for visitors arriving through the health portal ("hpa"): the registration form, recorded as such. */
  hpaRegistration: {
    file: 'routes/account/register.tsx',
    paths: same('hpa/register'),
    access: 'user',
    chrome: 'wide',
  },
} as const satisfies Record<string, PageDefinition>;

export type PageKey = keyof typeof PAGES;

export function pageDefinition(key: PageKey): PageDefinition {
  return PAGES[key];
}

export function pageExistsIn(key: PageKey, lang: Language): boolean {
  return (PAGES[key] as PageDefinition).paths[lang] !== undefined;
}

/** The path of a page in a language, e.g. pagePath('expiredSession', 'fi') → /fi/katkennut-istunto. */
export function pagePath(key: PageKey, lang: Language, params: Record<string, string> = {}, search?: URLSearchParams | string): string {
  const def = PAGES[key] as PageDefinition;
  // A page missing in this language falls back to its first language (help is Finnish only).
  const [pathLang, pattern] = def.paths[lang] !== undefined ? ([lang, def.paths[lang]!] as const) : (Object.entries(def.paths)[0] as [Language, string]);
  const filled = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if (value === undefined) throw new Error(`pagePath(${key}): missing parameter ${segment}`);
      return encodeURIComponent(value);
    })
    .join('/');
  const query = search === undefined ? '' : String(search);
  return `/${pathLang}${filled ? `/${filled}` : ''}${query ? `?${query.replace(/^\?/, '')}` : ''}`;
}

/** React Router's id of a page's route in a language, e.g. `conversation.fi` (app/routes.ts). */
export function routeIdOf(key: PageKey, lang: Language): string {
  return `${key}.${lang}`;
}

/**
 * React Router's path of a page's route in a language (`fi/viestit/:threadId`; the front page is
 * `fi`), or undefined when the page does not exist in that language. app/routes.ts builds the
 * route config with it, and app/route-match.ts reads React Router's matched pattern back with it.
 */
export function routePathOf(key: PageKey, lang: Language): string | undefined {
  const path = (PAGES[key] as PageDefinition).paths[lang];
  if (path === undefined) return undefined;
  return path ? `${lang}/${path}` : lang;
}

/** Where an anonymous visitor of a `user` page is sent to log in: its own landing page, or the login page. */
export function loginPageOf(key: PageKey): PageKey {
  const landing = (PAGES[key] as PageDefinition).anonymousLanding;
  return landing !== undefined && landing in PAGES ? (landing as PageKey) : 'login';
}

/** Why a visitor may not have a page: the brand lacks it or its flag is off (404), or it needs a login. */
export type PageRefusal = 'notFound' | 'login';

/**
 * The route table's access rule for one page (ADR 0005): the brand must have it, a `user` page
 * needs a login, a flagged page needs the flag on for the logged-in user; in that order, so a page
 * the brand lacks is 404 even before login. `features` is null for an anonymous visitor.
 */
export function pageRefusal(key: PageKey, brand: BrandKey, features: Readonly<Features> | null): PageRefusal | null {
  const def = PAGES[key] as PageDefinition;
  if (def.brands !== undefined && !def.brands.includes(brand)) return 'notFound';
  if (def.access === 'user' && !features) return 'login';
  if (def.feature && !(features?.[def.feature] ?? false)) return 'notFound';
  return null;
}

/**
 * The language a path belongs to (its first segment), if any, read as React Router reads paths:
 * percent-decoded and in any case (`/FI/viestit` and `/f%69/viestit` are Finnish pages).
 */
export function languageOfPath(pathname: string): Language | null {
  let first = pathname.split('/')[1] ?? '';
  try {
    first = decodeURIComponent(first);
  } catch {
    return null;
  }
  first = first.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(first) ? (first as Language) : null;
}
