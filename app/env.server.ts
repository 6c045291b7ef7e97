/**
 * Configuration: every environment variable the portal reads, parsed by one zod schema at
 * start-up. A bad value stops the server with a message naming the variable. The browser gets
 * only what `publicEnv()` returns.
 */
import { z } from 'zod';
import { parsePortalNow, portalNowProblem } from '~/lib/clock.server';
import { FEATURE_FLAGS, type FeatureFlag } from '~/models/features';
import { SENDER_NAME_MAX, senderProblem, suggestSenderName } from '~/models/sms/sender';

const bool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const positiveInt = z.coerce.number().int().positive();

/** An e-mail sender: `address@domain` or `Display Name <address@domain>`. */
const MAILBOX = /^(?:[^<>@\r\n]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

/**
 * The feature flags on in this environment: a comma-separated list, or `none` for no flag at all
 * (an empty value counts as unset, see `parseEnv`). Unset, the demo and the test deployments turn
 * every flag on and production none (`resolveFeatures`, ADR 0005).
 */
const flagList = z
  .string()
  .transform((s) =>
    s.trim() === 'none'
      ? []
      : s
          .split(',')
          .map((f) => f.trim())
          .filter(Boolean),
  )
  .pipe(z.array(z.enum(FEATURE_FLAGS)));

/** More proxies than this in front of one site is a mistake, not a deployment. */
const TRUST_PROXY_MAX_HOPS = 10;

/**
 * How many proxies in front of the portal append the address they saw to X-Forwarded-For: the
 * client address every per-address limit counts is the entry that many hops from the right, 0
 * (default) the connection's own address (app/lib/http/client-address.server.ts, ADR 0039).
 * Not `true` (every hop: the client would choose its address by sending its own header) and no
 * longer proxy addresses (a client inside a trusted range could still name its own).
 */
const trustProxy = z.string().transform((raw, ctx): number => {
  const value = raw.trim();
  if (/^\d+$/.test(value) && Number(value) <= TRUST_PROXY_MAX_HOPS) return Number(value);
  const why = /^true$/i.test(value)
    ? '"true" would trust every hop, so any client could choose its own address (X-Forwarded-For) for the rate limits; '
    : /^false$/i.test(value)
      ? '"false" is now 0; '
      : /[:/,]|^\d+\.\d+\.\d+\.\d+$|^(loopback|linklocal|uniquelocal)$/i.test(value)
        ? 'proxy addresses are no longer accepted (a client inside a trusted range could still choose its own address); '
        : '';
  ctx.addIssue({
    code: 'custom',
    message:
      `${why}must be the number of proxies in front of the portal, each appending the address it saw to X-Forwarded-For ` +
      `(0 to ${TRUST_PROXY_MAX_HOPS}; e.g. 1 behind one load balancer, 0 when clients connect directly)`,
  });
  return z.NEVER;
});

/** An SMS sender name or number (app/models/sms/sender.ts); a misfit is refused, never cut. */
const smsSenderName = z.string().superRefine((value, ctx) => {
  const problem = senderProblem(value);
  if (problem) {
    const suggestion = suggestSenderName(value);
    ctx.addIssue({
      code: 'custom',
      message:
        `cannot be an SMS sender (${problem}): at most ${SENDER_NAME_MAX} GSM-7 letters, digits, single spaces and - . &, ` +
        `or a number of at most 15 digits${suggestion && !senderProblem(suggestion) ? `, e.g. "${suggestion}"` : ''}`,
    });
  }
});

/**
 * SMS (ADR 0030): the gateway needs its credentials; production sends for real, over https.
 * Called from the schema's refinement (the schema's nesting is read by bench/server-process.ts).
 */
function smsSettingsProblems(
  env: { DEPLOYMENT_ENV: string; SMS: 'test' | 'gatewayapi'; SMS_GATEWAYAPI_URL: string; SMS_GATEWAYAPI_KEY?: string; SMS_GATEWAYAPI_SECRET?: string },
  ctx: z.RefinementCtx,
) {
  if (env.SMS === 'gatewayapi') {
    for (const key of ['SMS_GATEWAYAPI_KEY', 'SMS_GATEWAYAPI_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when SMS=gatewayapi' });
    }
  }
  if (env.DEPLOYMENT_ENV !== 'production') return;
  if (env.SMS !== 'gatewayapi') {
    ctx.addIssue({ code: 'custom', path: ['SMS'], message: 'must be "gatewayapi" in production (the test sender sends nothing)' });
  } else if (!env.SMS_GATEWAYAPI_URL.startsWith('https://')) {
    ctx.addIssue({ code: 'custom', path: ['SMS_GATEWAYAPI_URL'], message: 'must be https in production' });
  }
}

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * Which deployment this is. Production turns off the test identification and the dev outbox
   * and refuses every test adapter. Unset, it is `production` whenever NODE_ENV=production
   * (`parseEnv`), so a forgotten variable fails closed; the demo says `development` itself
   * (`npm start` passes `--demo` to scripts/start.ts).
   */
  DEPLOYMENT_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * On SIGTERM/SIGINT the instance closes its listener (after SHUTDOWN_DRAIN_MS), finishes the
   * requests in flight for at most this long, then stops its job workers (up to 10 s more) and
   * exits (ADR 0039). Keep the orchestrator's grace period (Kubernetes'
   * terminationGracePeriodSeconds, systemd's TimeoutStopSec) above the sum.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(20_000),
  /**
   * Before that, for this long the stopping instance still accepts requests while /readyz
   * answers 503: for balancers that take an instance out only by its health check and do not
   * retry a refused connection (Kubernetes Services: set it above the readiness probe's period
   * times its failureThreshold). 0 (default): close the listener at once (HAProxy with
   * `retry-on conn-failure`, ADR 0039).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Public origin, e.g. https://oma.example.fi; used for OIDC redirect URIs and Origin checks. */
  PUBLIC_ORIGIN: z.url().optional(),
  TRUST_PROXY: trustProxy.prefault('0'),
  /**
   * Outside production: the instant the app's clock starts at (ISO 8601 with an offset), from
   * which it runs at normal speed (app/lib/clock.server.ts). Production refuses it.
   */
  PORTAL_NOW: z
    .string()
    .refine((value) => parsePortalNow(value) !== null, 'must be an ISO 8601 instant with an offset, e.g. 2027-03-28T02:30:00+02:00')
    .optional(),
  BRAND: z.enum(['general', 'children']).default('general'),

  DATABASE_URL: z.url().optional(),
  PGLITE_DATA_DIR: z.string().default('.data/pglite'),
  DATABASE_POOL_SIZE: positiveInt.default(10),

  SESSION_SECRET: z.string().min(32).optional(),
  SESSION_IDLE_MINUTES: positiveInt.default(30),
  SESSION_ABSOLUTE_HOURS: positiveInt.default(12),

  IDENTIFICATION: z.enum(['test', 'oidc']).default('test'),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_IDENTITY_CODE_CLAIM: z.string().default('hetu'),
  OIDC_SCOPE: z.string().default('openid profile'),

  FEATURES: flagList.optional(),

  RATE_LIMIT_IDENTIFICATION_PER_10_MIN: positiveInt.default(30),
  RATE_LIMIT_ANONYMOUS_POSTS_PER_10_MIN: positiveInt.default(60),
  /**
   * Per-person limits on logged-in mutations (issue 21): every POST/PUT/PATCH/DELETE of a
   * logged-in person (pages, APIs, GraphQL, uploads) per 10 minutes; a customer's messages
   * (new conversations and replies, pages and the API) per hour; the files a person uploads
   * (message attachments, Kela card images) per hour.
   */
  RATE_LIMIT_PERSON_POSTS_PER_10_MIN: positiveInt.default(300),
  RATE_LIMIT_MESSAGES_PER_HOUR: positiveInt.default(20),
  RATE_LIMIT_UPLOADS_PER_HOUR: positiveInt.default(60),
  /**
   * The customer messaging API's documents (issue 21): characters, parser tokens, aliases,
   * field selections (each use of a fragment counted) and nesting depth of one operation.
   */
  GRAPHQL_MAX_DOCUMENT_CHARS: positiveInt.default(20_000),
  GRAPHQL_MAX_TOKENS: positiveInt.default(1000),
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).default(15),
  GRAPHQL_MAX_FIELDS: positiveInt.default(200),
  GRAPHQL_MAX_DEPTH: positiveInt.default(8),

  /**
   * Request body limits (server.ts, before anything reads a body; over it: 413): every form and
   * JSON body (1 MiB, nginx's default client_max_body_size; the largest legitimate form, a
   * questionnaire, is a few hundred KB at worst)…
   */
  REQUEST_BODY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(1024 * 1024),
  /**
   * …and a multipart post to a page that uploads files, or a PUT to the embedded storage (25 MiB:
   * the Kela card's two 10 MiB images, with room for a too-large message selection to be answered
   * with the form kept).
   */
  UPLOAD_BODY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(25 * 1024 * 1024),

  /** Online cancellation is allowed until this many hours before the start. */
  CANCELLATION_LIMIT_HOURS: z.coerce.number().int().min(0).default(24),
  /** Wrong last-four attempts that lock one appointment's anonymous check-in… */
  ANON_CHECK_IN_MAX_FAILURES: positiveInt.default(5),
  /** …for this many minutes. */
  ANON_CHECK_IN_LOCK_MINUTES: positiveInt.default(15),
  /** Anonymous check-in attempts per client address per 10 minutes (all appointments). */
  RATE_LIMIT_ANON_CHECK_IN_PER_10_MIN: positiveInt.default(30),

  /** A person may hold at most this many future online reservations at once. */
  MAX_FUTURE_RESERVATIONS: positiveInt.default(5),
  /** A reservation starting within this many hours needs the binding-reservation consent. */
  BINDING_CONSENT_HOURS: z.coerce.number().int().min(0).default(24),
  /**
   * Appointment reminders come this long before the start (whole days as calendar days), never
   * in the quiet hours 21–08 Helsinki time (ADR 0031).
   */
  REMINDER_LEAD_HOURS: positiveInt.max(14 * 24).default(24),

  /** Earlier-time offers (ADR 0037): how long an offer link can take the time (minutes)… */
  EARLIER_TIME_OFFER_MINUTES: positiveInt
    .min(10)
    .max(24 * 60)
    .default(120),
  /** …how many waiting patients one freed time is offered to at once… */
  EARLIER_TIME_BATCH_SIZE: positiveInt.max(100).default(5),
  /** …and how long before its start an offer must close at the latest (time to get there). */
  EARLIER_TIME_MIN_NOTICE_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .default(120),

  /**
   * Where uploaded files are kept (docs/decisions/0011-file-storage.md): `embedded` in the
   * database (default), `s3` in an S3-compatible bucket through presigned URLs.
   */
  STORAGE: z.enum(['embedded', 's3']).default('embedded'),
  /** Key for the signed file URLs; when unset, derived from SESSION_SECRET (HKDF). */
  STORAGE_SIGNING_SECRET: z.string().min(32).optional(),
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('eu-north-1'),
  /** An S3-compatible service's endpoint (e.g. https://s3.example.net); unset: AWS. */
  S3_ENDPOINT: z.url().optional(),
  /** Both or neither; neither: the AWS SDK's default credential chain (e.g. an IAM role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.prefault('false'),

  /**
   * Online payment (docs/decisions/0018-online-payment-paytrail.md): `test` is the built-in test
   * provider (never in production), `paytrail` the Paytrail Payment API.
   */
  PAYMENTS: z.enum(['test', 'paytrail']).default('test'),
  /** Merchant id and secret; default to Paytrail's public test merchant with PAYMENTS=test. */
  PAYTRAIL_MERCHANT_ID: z
    .string()
    .regex(/^\d{1,12}$/)
    .optional(),
  PAYTRAIL_SECRET: z.string().min(8).optional(),
  PAYTRAIL_API_URL: z.url().default('https://services.paytrail.com'),
  /**
   * The content system's image host whose practitioner profile pictures the pages may show
   * (the CSP's img-src; ADR 0049), e.g. https://images.example-cms.fi. Unset: only pictures
   * served from the portal's own origin are shown.
   */
  PRACTITIONER_PICTURE_ORIGIN: z
    .string()
    .url()
    .refine((u) => new URL(u).protocol === 'https:', 'an https origin')
    .transform((u) => new URL(u).origin)
    .optional(),
  /** Origins the payment methods' forms post to (the page's CSP form-action), with PAYMENTS=paytrail. */
  PAYMENT_FORM_ORIGINS: z
    .string()
    .transform((s) =>
      s
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url().transform((u) => new URL(u).origin)))
    .prefault('https://services.paytrail.com,https://pay.paytrail.com'),
  /** An invoice can be paid online this many days from its creation (spec 2 §9). */
  ONLINE_PAYMENT_DAYS: positiveInt.default(4),
  /** A payment without a final status this long after its creation is asked from the provider. */
  PAYMENT_RECONCILE_AFTER_MINUTES: positiveInt.default(15),
  /** How often the reconciliation job runs. */
  PAYMENT_RECONCILE_INTERVAL_MINUTES: positiveInt.default(5),
  /** The pay page shows an invoice's open payment again (same payer, browser and language) for this long after its creation. */
  PAYMENT_REUSE_MINUTES: positiveInt.default(15),
  /** Provider callbacks (GET /api/payments/callback) per client address within 10 minutes. */
  RATE_LIMIT_PAYMENT_CALLBACKS_PER_10_MIN: positiveInt.default(600),
  /** The test provider sends its callback this long after the payment (0: before redirecting back)… */
  TEST_PAYMENTS_CALLBACK_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /** …this many times, as the real one may. */
  TEST_PAYMENTS_CALLBACK_REPEAT: z.coerce.number().int().min(0).max(10).default(2),
  /**
   * Insurers (docs/decisions/0022-insurer-integration.md): `test` is the built-in test insurer
   * (never in production), `http` the insurer gateway's JSON-over-HTTPS protocol.
   */
  INSURERS: z.enum(['test', 'http']).default('test'),
  /** The insurer gateway's base URL and client credentials, with INSURERS=http. */
  INSURER_GATEWAY_URL: z.url().optional(),
  INSURER_GATEWAY_CLIENT_ID: z.string().min(1).optional(),
  INSURER_GATEWAY_API_KEY: z.string().min(16).optional(),
  /** Each gateway call gives up after this many milliseconds (the flow shows its error state). */
  INSURER_GATEWAY_TIMEOUT_MS: positiveInt.default(8000),
  /** SMS login (docs/decisions/0012-sms-login-and-re-identification.md): onboarding codes per person… */
  MFA_ONBOARDING_MAX_CODES: positiveInt.default(3),
  /** …within this many minutes ("You can enable the SMS login in …"). */
  MFA_ONBOARDING_WINDOW_MINUTES: positiveInt.default(60),
  /** Re-identification codes per person within 15 minutes. */
  SMS_REAUTH_MAX_CODES_PER_15_MIN: positiveInt.default(3),
  /** SMS codes (sending and checking) per client address within 10 minutes. */
  RATE_LIMIT_SMS_CODES_PER_10_MIN: positiveInt.default(30),
  /** An idle-lapsed session may be resumed with an SMS code this many minutes after it lapsed. */
  SMS_REAUTH_MAX_LAPSE_MINUTES: positiveInt.default(60),
  /**
   * Changing one's phone number or e-mail address needs a strong identification (bank or mobile
   * certificate, not an SMS code) made at most this many minutes before (ADR 0047).
   */
  CONTACT_CHANGE_IDENTIFIED_MINUTES: positiveInt.default(15),

  /** Messaging maintenance: the conversation pages show 'Messaging is currently offline...'. */
  MESSAGING_MAINTENANCE: bool.prefault('false'),

  /**
   * Whom a person is the guardian of (docs/decisions/0023-population-register.md): `builtin`
   * answers from our own register tables (never in production), `vtj` asks DVV's VTJ query
   * service through our Suomi.fi Data Exchange Layer (X-Road) security server.
   */
  POPULATION_REGISTER: z.enum(['builtin', 'vtj']).default('builtin'),
  /** Our security server's consumer endpoint, with POPULATION_REGISTER=vtj. */
  VTJ_XROAD_URL: z.url().optional(),
  /** Our X-Road client subsystem: INSTANCE/CLASS/MEMBER/SUBSYSTEM. */
  VTJ_XROAD_CLIENT: z
    .string()
    .regex(/^[^/]+\/[^/]+\/[^/]+\/[^/]+$/)
    .optional(),
  /** DVV's VTJ query service: INSTANCE/CLASS/MEMBER/SUBSYSTEM/SERVICE[/VERSION]. */
  VTJ_XROAD_SERVICE: z
    .string()
    .regex(/^[^/]+(\/[^/]+){4,5}$/)
    .default('FI/GOV/0245437-2/VTJkysely/HenkilonTunnusKysely/v1'),
  /** The VTJ user id and password of the access permit. */
  VTJ_USERNAME: z.string().min(1).optional(),
  VTJ_PASSWORD: z.string().min(1).optional(),
  /** The VTJ product answering a guardian's wards. */
  VTJ_PRODUCT_CODE: z.string().min(1).default('Huoltaja-Huollettavat'),
  VTJ_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),

  /**
   * Acting for another adult or a company (issue 42, docs/decisions/0050-e-authorizations.md):
   * `test` is the built-in e-Authorizations test service at /dev/test-valtuudet (its mandates are
   * the demo data's; never in production), `webapi` DVV's Suomi.fi e-Authorizations Web API.
   */
  E_AUTHORIZATIONS: z.enum(['test', 'webapi']).default('test'),
  /** The Web API's origin, e.g. https://asiointivaltuustarkastus.suomi.fi, with E_AUTHORIZATIONS=webapi. */
  VALTUUDET_URL: z.url().optional(),
  /** The Web API client id, API key and OAuth password DVV gave at deployment. */
  VALTUUDET_CLIENT_ID: z.string().min(1).optional(),
  VALTUUDET_API_KEY: z.string().min(1).optional(),
  VALTUUDET_OAUTH_SECRET: z.string().min(1).optional(),
  VALTUUDET_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /**
   * How long a "still in force" answer of the per-request mandate re-check is kept (ADR 0050),
   * 0 to 60 seconds. 0 (the default): Suomi.fi is asked on every request while acting, so a
   * lapsed mandate ends the access at the next request; more trades that for fewer Web API
   * calls, the access then ending at most this long after the lapse.
   */
  VALTUUDET_RECHECK_SECONDS: z.coerce.number().int().min(0).max(60).default(0),

  /**
   * The practice system's calendar (docs/decisions/0051-practice-system-over-fhir.md): `builtin`
   * keeps it in the portal's own tables; `fhir` makes a FHIR R4 server the source of truth and the
   * tables its read model, authorised as a SMART Backend Services client.
   */
  PRACTICE_SYSTEM: z.enum(['builtin', 'fhir']).default('builtin'),
  /** The FHIR R4 base URL (https in production), with PRACTICE_SYSTEM=fhir. */
  FHIR_BASE_URL: z.url().optional(),
  /** The practice system's OAuth 2.0 token endpoint (https in production). */
  FHIR_TOKEN_URL: z.url().optional(),
  FHIR_CLIENT_ID: z.string().min(1).optional(),
  /** The client's EC P-384 private key (PKCS#8 PEM; `\n` for line breaks) signing its assertions. */
  FHIR_CLIENT_KEY: z.string().min(1).optional(),
  /** The key's id (`kid`) at the practice system, when it has several. */
  FHIR_KEY_ID: z.string().min(1).optional(),
  FHIR_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),

  // Message delivery (issue 22, ADR 0029): the outbox's rows go out through these channels.
  /** E-mail: `test` marks the row sent without sending (read it at /dev/outbox; never in production), `smtp` sends through SMTP_URL. */
  EMAIL: z.enum(['test', 'smtp']).default('test'),
  /**
   * The SMTP server: `smtp://[user:password@]host[:port]` (STARTTLS; required in production) or
   * `smtps://…` (TLS from the start). No query parameters: TLS is not weakened from the URL.
   */
  SMTP_URL: z
    .string()
    .url()
    .refine((value) => /^smtps?:\/\//i.test(value), 'must start with smtp:// or smtps://')
    .refine((value) => !URL.canParse(value) || new URL(value).search === '', 'must not have query parameters (TLS settings are not taken from the URL)')
    .optional(),
  /** Refuse an SMTP server that does not offer STARTTLS (always on in production). */
  SMTP_REQUIRE_TLS: bool.optional(),
  /** Connecting, the greeting and each SMTP command give up after this many milliseconds (a temporary failure). */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(1000).max(120_000).default(30_000),
  /** The sender of each brand's e-mail, e.g. `Kaari <no-reply@kaari.fi>`; default the brand's (app/brands), required in production. */
  MAIL_FROM_GENERAL: z.string().regex(MAILBOX, 'must be an address or "Name <address>"').optional(),
  MAIL_FROM_CHILDREN: z.string().regex(MAILBOX, 'must be an address or "Name <address>"').optional(),
  /** A message is tried at most this many times (temporary failures), then ends `failed`. */
  OUTBOX_MAX_TRIES: z.coerce.number().int().min(1).max(30).default(8),
  /** The first retry waits this long, each next one three times longer (±20 %, at most an hour). */
  OUTBOX_RETRY_BASE_SECONDS: positiveInt.default(30),
  /** A claimed (`sending`) message whose worker vanished is taken again after this long. */
  OUTBOX_LEASE_SECONDS: z.coerce.number().int().min(60).max(3600).default(300),

  // Retention (issue 27, docs/decisions/0040-retention.md): what the nightly job deletes, and
  // when. The access log is never deleted by it (the law keeps it 12 years, ADR 0040).
  /** The nightly retention run's Helsinki time of day, HH:MM (a pg-boss cron schedule; in process on PGlite). */
  RETENTION_DAILY_AT: z
    .string()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day HH:MM, e.g. 02:17')
    .default('02:17'),
  /** Rows one delete statement takes (short locks, short transactions); a run repeats batches until done. */
  RETENTION_BATCH_SIZE: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** Rate-limit windows this long after they started (at least the longest window, a day). */
  RETENTION_RATE_LIMIT_HOURS: z.coerce.number().int().min(24).default(48),
  /** Identification flows, test identification codes and SMS codes this long after they expired; SMS login-code messages this long after written. */
  RETENTION_LOGIN_HOURS: positiveInt.default(24),
  /** Sessions this many days after their absolute expiry (revoked and idle-ended ones too). */
  RETENTION_SESSION_DAYS: positiveInt.default(30),
  /** Sent and failed outbox messages (SMS, e-mail: health-adjacent text) this many days after written. */
  RETENTION_OUTBOX_DAYS: positiveInt.default(30),
  /** An appointment's reminder row (contact details, the sealed link) this many days after the appointment's start. */
  RETENTION_REMINDER_DAYS: positiveInt.default(30),
  /** Earlier-time requests (the phone and e-mail for the offers) this many days after they ended; their offers this many days after they closed, once the request has ended or the offered time has started. */
  RETENTION_EARLIER_TIME_DAYS: positiveInt.default(30),
  /** What the payment provider told us about a payment, this many days after (the payment itself stays with its invoice). */
  RETENTION_PAYMENT_EVENT_DAYS: positiveInt.default(730),
  /** First-party analytics events this many days after. */
  RETENTION_ANALYTICS_DAYS: positiveInt.default(400),
  /** Accessibility feedback (the sender's texts and address) this many days after it was sent. */
  RETENTION_ACCESSIBILITY_FEEDBACK_DAYS: positiveInt.default(730),

  // SMS (issue 22, ADR 0030): `test` sends nothing (the outbox row stays readable at
  // /dev/outbox; never in production), `gatewayapi` GatewayAPI's REST API signed with OAuth 1.0a.
  SMS: z.enum(['test', 'gatewayapi']).default('test'),
  /** The send endpoint: gatewayapi.eu for an account on GatewayAPI's EU platform, gatewayapi.com otherwise. */
  SMS_GATEWAYAPI_URL: z.url().default('https://gatewayapi.eu/rest/mtsms'),
  /** The API key and its secret (OAuth consumer key and secret), with SMS=gatewayapi. */
  SMS_GATEWAYAPI_KEY: z.string().min(1).optional(),
  SMS_GATEWAYAPI_SECRET: z.string().min(8).optional(),
  /** One send request gives up after this many milliseconds (a temporary failure: retried). */
  SMS_GATEWAYAPI_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Parts (160 GSM-7 / 70 UCS-2 characters, 153 / 67 when split) one SMS may take; longer is refused. */
  SMS_MAX_SEGMENTS: z.coerce.number().int().min(1).max(255).default(10),
  /** Sender names overriding the brands' own (≤ 11 GSM-7 letters, digits, spaces; or a number). */
  SMS_SENDER_GENERAL: smsSenderName.optional(),
  SMS_SENDER_CHILDREN: smsSenderName.optional(),

  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Prometheus metrics at /metrics on this port of their own (ADR 0038); unset = not served. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** The address the metrics port listens on: loopback unless the scraper is on another machine. */
  METRICS_HOST: z.string().default('127.0.0.1'),

  // Health records (issue 11; ADR 0016): online prescription renewal on, in maintenance
  // (the spec's offline message) or off (no selection on the prescriptions page), and the
  // questionnaires on or in maintenance ("Surveys are temporarily out of use").
  PRESCRIPTION_RENEWAL: z.enum(['on', 'maintenance', 'off']).default('on'),
  QUESTIONNAIRES: z.enum(['on', 'maintenance']).default('on'),
});

/** Message delivery's settings (issue 22, ADR 0029): checked with the rest; production refuses the test channel as it refuses every test adapter. */
function checkDelivery(env: z.infer<typeof envObject>, ctx: z.RefinementCtx): void {
  if (env.EMAIL === 'smtp' && !env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when EMAIL=smtp' });
  if (env.OUTBOX_LEASE_SECONDS * 1000 < 3 * env.SMTP_TIMEOUT_MS) {
    ctx.addIssue({
      code: 'custom',
      path: ['OUTBOX_LEASE_SECONDS'],
      message: 'must be at least three SMTP timeouts (SMTP_TIMEOUT_MS), or a slow send could be taken again by another worker',
    });
  }
  if (env.DEPLOYMENT_ENV !== 'production') return;
  if (env.EMAIL !== 'smtp') {
    ctx.addIssue({ code: 'custom', path: ['EMAIL'], message: 'must be "smtp" in production (the test channel sends nothing)' });
  }
  if (!env.SMTP_URL) ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required in production' });
  if (env.SMTP_REQUIRE_TLS === false) {
    ctx.addIssue({ code: 'custom', path: ['SMTP_REQUIRE_TLS'], message: 'cannot be turned off in production (e-mail goes over TLS)' });
  }
  for (const key of ['MAIL_FROM_GENERAL', 'MAIL_FROM_CHILDREN'] as const) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: "required in production (the brand's sender address)" });
  }
}

/**
 * Retention's settings (ADR 0040) against what the rows are still read for: a rate-limit window
 * deleted while open would restart its count, and an SMS code counted toward the onboarding
 * limit must outlive the limit's window.
 */
function checkRetention(env: z.infer<typeof envObject>, ctx: z.RefinementCtx): void {
  if (env.RETENTION_RATE_LIMIT_HOURS * 60 < env.ANON_CHECK_IN_LOCK_MINUTES) {
    ctx.addIssue({
      code: 'custom',
      path: ['RETENTION_RATE_LIMIT_HOURS'],
      message: 'must cover the anonymous check-in lock (ANON_CHECK_IN_LOCK_MINUTES), or a lock would be lifted early',
    });
  }
  if (env.RETENTION_LOGIN_HOURS * 60 < env.MFA_ONBOARDING_WINDOW_MINUTES) {
    ctx.addIssue({
      code: 'custom',
      path: ['RETENTION_LOGIN_HOURS'],
      message: 'must cover the SMS onboarding window (MFA_ONBOARDING_WINDOW_MINUTES), or sent codes would stop counting',
    });
  }
}

export const envSchema = envObject
  .superRefine((env, ctx) => {
    smsSettingsProblems(env, ctx);
    checkDelivery(env, ctx);
    checkRetention(env, ctx);
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when STORAGE=s3' });
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: [env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID'],
        message: 'set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither',
      });
    }
    if (env.PAYMENTS === 'paytrail') {
      for (const key of ['PAYTRAIL_MERCHANT_ID', 'PAYTRAIL_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when PAYMENTS=paytrail' });
      }
    }
    if (env.POPULATION_REGISTER === 'vtj') {
      for (const key of ['VTJ_XROAD_URL', 'VTJ_XROAD_CLIENT', 'VTJ_USERNAME', 'VTJ_PASSWORD'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when POPULATION_REGISTER=vtj' });
      }
    }
    if (env.E_AUTHORIZATIONS === 'webapi') {
      for (const key of ['VALTUUDET_URL', 'VALTUUDET_CLIENT_ID', 'VALTUUDET_API_KEY', 'VALTUUDET_OAUTH_SECRET'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when E_AUTHORIZATIONS=webapi' });
      }
    }
    if (env.PRACTICE_SYSTEM === 'fhir') {
      for (const key of ['FHIR_BASE_URL', 'FHIR_TOKEN_URL', 'FHIR_CLIENT_ID', 'FHIR_CLIENT_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when PRACTICE_SYSTEM=fhir' });
      }
      if (env.DEPLOYMENT_ENV === 'production') {
        for (const key of ['FHIR_BASE_URL', 'FHIR_TOKEN_URL'] as const) {
          if (env[key] && !env[key].startsWith('https://'))
            ctx.addIssue({ code: 'custom', path: [key], message: 'must be https in production (health data goes over TLS)' });
        }
      }
    }
    if (env.INSURERS === 'http') {
      for (const key of ['INSURER_GATEWAY_URL', 'INSURER_GATEWAY_CLIENT_ID', 'INSURER_GATEWAY_API_KEY'] as const) {
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when INSURERS=http' });
      }
    }
    if (env.DEPLOYMENT_ENV !== 'production') return;
    const clockProblem = portalNowProblem(env);
    if (clockProblem) ctx.addIssue({ code: 'custom', path: ['PORTAL_NOW'], message: clockProblem });
    if (!env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'required in production' });
    }
    if (env.IDENTIFICATION !== 'oidc') {
      ctx.addIssue({
        code: 'custom',
        path: ['IDENTIFICATION'],
        message: 'must be "oidc" in production (the test identification accepts any code)',
      });
    }
    if (!env.PUBLIC_ORIGIN) {
      ctx.addIssue({ code: 'custom', path: ['PUBLIC_ORIGIN'], message: 'required in production' });
    }
    if (!env.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_URL'],
        message: 'required in production (the embedded PGlite is one process with its data on local disk; production runs PostgreSQL, ADR 0002)',
      });
    }
    if (env.E_AUTHORIZATIONS !== 'webapi') {
      ctx.addIssue({
        code: 'custom',
        path: ['E_AUTHORIZATIONS'],
        message: 'must be "webapi" in production (the built-in test service grants the demo mandates)',
      });
    }
    if (env.E_AUTHORIZATIONS === 'webapi' && env.VALTUUDET_URL && !env.VALTUUDET_URL.startsWith('https://')) {
      ctx.addIssue({ code: 'custom', path: ['VALTUUDET_URL'], message: 'must be https in production' });
    }
    if (env.POPULATION_REGISTER !== 'vtj') {
      ctx.addIssue({
        code: 'custom',
        path: ['POPULATION_REGISTER'],
        message: 'must be "vtj" in production (the built-in register holds demo families only)',
      });
    }
    if (env.INSURERS !== 'http') {
      ctx.addIssue({ code: 'custom', path: ['INSURERS'], message: 'must be "http" in production (the test insurer grants anything)' });
    }
    if (env.PAYMENTS !== 'paytrail') {
      ctx.addIssue({ code: 'custom', path: ['PAYMENTS'], message: 'must be "paytrail" in production (the test provider pays nothing)' });
    }
    if (env.PAYTRAIL_MERCHANT_ID && PAYTRAIL_TEST_ACCOUNTS.some((a) => a.merchantId === env.PAYTRAIL_MERCHANT_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYTRAIL_MERCHANT_ID'],
        message: "must be our own merchant in production, not one of Paytrail's public test merchants",
      });
    }
    if (env.PAYTRAIL_SECRET && PAYTRAIL_TEST_ACCOUNTS.some((a) => a.secret === env.PAYTRAIL_SECRET)) {
      ctx.addIssue({ code: 'custom', path: ['PAYTRAIL_SECRET'], message: 'must not be a published Paytrail test secret in production' });
    }
  })
  .superRefine((env, ctx) => {
    if (env.IDENTIFICATION !== 'oidc') return;
    for (const key of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const) {
      if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when IDENTIFICATION=oidc' });
    }
  });

/** The parsed configuration; `FEATURES` is resolved (never unset). */
export type Env = Omit<z.infer<typeof envSchema>, 'FEATURES'> & { FEATURES: FeatureFlag[] };

/**
 * The flags of an environment that does not name them (ADR 0005, issue 26): outside production
 * every flag is on, so the demo (`npm start`) shows the whole portal; production keeps its flags
 * explicit, so a flag is on there only when `FEATURES` names it.
 */
function resolveFeatures(features: FeatureFlag[] | undefined, deployment: Env['DEPLOYMENT_ENV']): FeatureFlag[] {
  if (features !== undefined) return features;
  return deployment === 'production' ? [] : [...FEATURE_FLAGS];
}

/**
 * Paytrail's published test accounts (docs.paytrail.com, "Test credentials"): the normal
 * merchant, the shop-in-shop aggregate merchant and its sub-merchant. Anyone may use them, so
 * production refuses them; the built-in test provider signs with the first (ADR 0018).
 */
export const PAYTRAIL_TEST_ACCOUNTS = [
  { merchantId: '375917', secret: 'SAIPPUAKAUPPIAS' },
  { merchantId: '695861', secret: 'MONISAIPPUAKAUPPIAS' },
  { merchantId: '695874', secret: null },
] as const;

/** Parses an environment; throws an Error whose message names every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  // Fails closed: a production build (NODE_ENV=production) is a production deployment unless it
  // says otherwise, so a forgotten DEPLOYMENT_ENV cannot serve the test bank or seed demo data.
  const assumedProduction = cleaned.NODE_ENV === 'production' && cleaned.DEPLOYMENT_ENV === undefined;
  if (assumedProduction) cleaned.DEPLOYMENT_ENV = 'production';
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    const assumption = assumedProduction
      ? [
          'DEPLOYMENT_ENV is not set: with NODE_ENV=production this is a production start, which needs the settings below.',
          'To run the demo instead, use `npm start` (or scripts/start.ts --demo), which sets DEPLOYMENT_ENV=development.',
        ]
      : [];
    throw new Error([...assumption, 'Invalid environment configuration:', ...lines].join('\n'));
  }
  return { ...result.data, FEATURES: resolveFeatures(result.data.FEATURES, result.data.DEPLOYMENT_ENV) };
}

let cached: Env | undefined;

export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * The portal's origin for links in messages written outside a request (the reminder sweep, a
 * move's confirmation): PUBLIC_ORIGIN (required in production), else the local server.
 */
export function publicOrigin(): string {
  const e = env();
  return e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`;
}

/** Development-only conveniences (test identification, dev outbox) are on outside production. */
export function isProductionDeployment(): boolean {
  return env().DEPLOYMENT_ENV === 'production';
}

/** The session/flash signing secret; a fixed development value outside production. */
export function sessionSecret(): string {
  return env().SESSION_SECRET ?? 'development-only-secret-not-for-production-use';
}
