/**
 * Every text field refuses control characters with a translated message (issue 21): a NUL in
 * any text field is a 400 with the field's error, never a database error (whose log line would
 * have held the text).
 *
 * The schemas are found, not listed: every zod schema (and every `…Schema` factory) exported by
 * app/models and the pure rules modules of app/services must have a valid sample below (or be
 * named as carrying no user text, with the reason). A sample must cover every field of its
 * schema, so a new field cannot go untested; a NUL (and other control characters) is then put
 * into each of its strings, and the field must refuse it — free text with the control-character
 * message, a format field (identity code, e-mail, id, choice …) by its format.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RESOURCES } from '~/i18n/resources';
import { hasText } from '~/i18n/translate';
import type { QuestionnaireDefinition } from './records/questionnaire';

const MODULES = import.meta.glob(['/app/models/**/*.ts', '/app/services/**/*-rules.ts', '/app/services/**/rules.ts', '!**/*.test.ts'], { eager: true });

const CONTROL = 'validation.controlCharacters';
const UUID = '0b6a1f6e-2f5e-4b8c-9a55-2f1d6f0c9a11';

interface Sample {
  /** The schema (a factory's with its arguments). */
  schema: () => z.ZodTypeAny;
  /** Valid inputs; together they must name every field of the schema (a union: one per option). */
  valid: unknown[];
  /** Fields refused by their format (their own message); every other string field is free text. */
  format?: string[];
  /** Free-text fields that allow tab and line breaks. */
  multiline?: string[];
  /** The control-character message when the page translates within its own namespace. */
  message?: { key: string; namespace: string };
}

const definition: QuestionnaireDefinition = {
  title: { fi: 'Kysely', sv: 'Enkät', en: 'Survey' },
  intro: { fi: 'Johdanto', sv: 'Intro', en: 'Intro' },
  questions: [
    { id: 'feeling', type: 'text', maxLength: 500, required: true, label: { fi: 'a', sv: 'a', en: 'a' } },
    { id: 'more', type: 'text', maxLength: 500, required: false, label: { fi: 'a', sv: 'a', en: 'a' } },
    {
      id: 'choice',
      type: 'single',
      required: true,
      label: { fi: 'a', sv: 'a', en: 'a' },
      options: [
        { value: 'yes', label: { fi: 'k', sv: 'j', en: 'y' } },
        { value: 'no', label: { fi: 'e', sv: 'n', en: 'n' } },
      ],
    },
    {
      id: 'many',
      type: 'multiple',
      required: true,
      label: { fi: 'a', sv: 'a', en: 'a' },
      options: [
        { value: 'a', label: { fi: 'a', sv: 'a', en: 'a' } },
        { value: 'b', label: { fi: 'b', sv: 'b', en: 'b' } },
      ],
    },
    {
      id: 'scale',
      type: 'scale',
      min: 1,
      max: 5,
      required: true,
      label: { fi: 'a', sv: 'a', en: 'a' },
      minLabel: { fi: 'a', sv: 'a', en: 'a' },
      maxLabel: { fi: 'a', sv: 'a', en: 'a' },
    },
  ],
};

const guardian = {
  name: 'Virtanen Aino',
  phone: '0401234567',
  emailAddress: 'aino@example.fi',
  isGuardianHasSameAddress: false,
  streetAddress: 'Kotikatu 1',
  zipCode: '00100',
  postOffice: 'Helsinki',
};

/** The schemas with user text, by `module path#export`. */
const SAMPLES: Record<string, Sample> = {
  '/app/models/schemas.ts#identityCodeSchema': { schema: () => schemaOf('/app/models/schemas.ts', 'identityCodeSchema'), valid: ['150385-9024'], format: [''] },
  '/app/models/schemas.ts#phoneSchema': { schema: () => schemaOf('/app/models/schemas.ts', 'phoneSchema'), valid: ['040 123 4567'], format: [''] },
  '/app/models/schemas.ts#emailSchema': { schema: () => schemaOf('/app/models/schemas.ts', 'emailSchema'), valid: ['aino@example.fi'], format: [''] },
  '/app/models/schemas.ts#postalCodeSchema': { schema: () => schemaOf('/app/models/schemas.ts', 'postalCodeSchema'), valid: ['00100'], format: [''] },
  '/app/models/schemas.ts#finnishPhoneSchema': {
    schema: () => factoryOf('/app/models/schemas.ts', 'finnishPhoneSchema')(15),
    valid: ['0401234567'],
    format: [''],
  },
  '/app/models/booking/reservation-schemas.ts#personNameSchema': {
    schema: () => schemaOf('/app/models/booking/reservation-schemas.ts', 'personNameSchema'),
    valid: ['Aino'],
  },
  '/app/models/booking/reservation-schemas.ts#streetAddressSchema': {
    schema: () => schemaOf('/app/models/booking/reservation-schemas.ts', 'streetAddressSchema'),
    valid: ['Kotikatu 1'],
  },
  '/app/models/booking/reservation-schemas.ts#postOfficeSchema': {
    schema: () => schemaOf('/app/models/booking/reservation-schemas.ts', 'postOfficeSchema'),
    valid: ['Helsinki'],
  },
  '/app/models/booking/reservation-schemas.ts#anonymousReservationSchema': {
    schema: () => factoryOf('/app/models/booking/reservation-schemas.ts', 'anonymousReservationSchema')({ bindingRequired: true }),
    valid: [
      {
        ssn: '150385-9024',
        firstName: 'Aino',
        lastName: 'Virtanen',
        phone: '0401234567',
        emailAddress: 'aino@example.fi',
        termsApproved: true,
        bindingApproved: true,
      },
    ],
    format: ['ssn', 'phone', 'emailAddress'],
  },
  '/app/models/booking/reservation-schemas.ts#userReservationSchema': {
    schema: () => factoryOf('/app/models/booking/reservation-schemas.ts', 'userReservationSchema')({ bindingRequired: false, confirmation: 'contractOnly' }),
    valid: [{ phone: '0401234567', emailAddress: 'aino@example.fi', bindingApproved: false, contractConfirmed: true }],
    format: ['phone', 'emailAddress'],
  },
  '/app/models/booking/reservation-schemas.ts#registrationSchema': {
    schema: () => schemaOf('/app/models/booking/reservation-schemas.ts', 'registrationSchema'),
    valid: [
      {
        firstName: 'Aino',
        lastName: 'Virtanen',
        streetAddress: 'Kotikatu 1',
        zipCode: '00100',
        postOffice: 'Helsinki',
        phoneNumber: '0401234567',
        emailAddress: 'aino@example.fi',
      },
    ],
    format: ['zipCode', 'phoneNumber', 'emailAddress'],
  },
  '/app/models/booking/reservation-schemas.ts#consentSchema': {
    schema: () => factoryOf('/app/models/booking/reservation-schemas.ts', 'consentSchema')({ firstTime: true }),
    valid: [
      {
        allowsCommonRegistry: true,
        allowsViewingOccupationalInformation: false,
        allowsMarketingMail: false,
        allowsTreatmentInstructionsMail: true,
        allowsBookingSms: true,
        readConfirmation: true,
      },
    ],
  },
  '/app/models/account/my-information.ts#contactSchema': {
    schema: () => schemaOf('/app/models/account/my-information.ts', 'contactSchema'),
    valid: [
      { streetAddress: 'Kotikatu 1', zipCode: '00100', postOffice: 'Helsinki', phoneNumber: '0401234567', emailAddress: 'aino@example.fi', language: 'fi' },
    ],
    format: ['zipCode', 'phoneNumber', 'emailAddress', 'language'],
  },
  '/app/models/account/my-information.ts#smsCodeSchema': {
    schema: () => schemaOf('/app/models/account/my-information.ts', 'smsCodeSchema'),
    valid: ['1234'],
    format: [''],
  },
  '/app/models/account/my-information.ts#guardianSchema': {
    schema: () => schemaOf('/app/models/account/my-information.ts', 'guardianSchema'),
    valid: [guardian],
    format: ['phone', 'emailAddress'],
  },
  '/app/models/account/my-information.ts#guardiansSchema': {
    schema: () => schemaOf('/app/models/account/my-information.ts', 'guardiansSchema'),
    valid: [{ wardId: UUID, guardians: [guardian] }],
    format: ['wardId', 'guardians.*.phone', 'guardians.*.emailAddress'],
  },
  '/app/models/messaging/schemas.ts#idempotencyKeySchema': {
    schema: () => schemaOf('/app/models/messaging/schemas.ts', 'idempotencyKeySchema'),
    valid: [UUID],
    format: [''],
  },
  '/app/models/messaging/schemas.ts#fileListSchema': { schema: () => schemaOf('/app/models/messaging/schemas.ts', 'fileListSchema'), valid: [[]] },
  '/app/models/messaging/schemas.ts#composerSchema': {
    schema: () => schemaOf('/app/models/messaging/schemas.ts', 'composerSchema'),
    valid: [{ intent: 'send', idempotencyKey: UUID, text: 'Hei,\nkiitos.', attachments: [] }],
    format: ['intent', 'idempotencyKey'],
    multiline: ['text'],
  },
  '/app/models/messaging/schemas.ts#newThreadSchema': {
    schema: () => schemaOf('/app/models/messaging/schemas.ts', 'newThreadSchema'),
    valid: [{ recipientId: UUID, subject: 'Kysymys', text: 'Hei,\nkiitos.', idempotencyKey: UUID, attachments: [] }],
    format: ['recipientId', 'idempotencyKey'],
    multiline: ['text'],
  },
  '/app/models/messaging/schemas.ts#staffComposerSchema': {
    schema: () => schemaOf('/app/models/messaging/schemas.ts', 'staffComposerSchema'),
    valid: [{ intent: 'send', idempotencyKey: UUID, text: 'Hei,\nkiitos.', attachments: [], questionnaireFormId: '3' }],
    format: ['intent', 'idempotencyKey', 'questionnaireFormId'],
    multiline: ['text'],
  },
  '/app/models/messaging/schemas.ts#hrMessageSchema': {
    schema: () => schemaOf('/app/models/messaging/schemas.ts', 'hrMessageSchema'),
    valid: [{ intent: 'send', idempotencyKey: UUID, text: 'Hei,\nkiitos.' }],
    format: ['intent', 'idempotencyKey'],
    multiline: ['text'],
  },
  '/app/models/messaging/schemas.ts#hrNewThreadSchema': {
    schema: () => schemaOf('/app/models/messaging/schemas.ts', 'hrNewThreadSchema'),
    valid: [{ intent: 'new', idempotencyKey: UUID, threadType: 'Hr', subject: 'Työkykyneuvottelu', text: 'Hei,\nkiitos.' }],
    format: ['intent', 'idempotencyKey', 'threadType'],
    multiline: ['text'],
  },
  '/app/models/messaging/schemas.ts#deleteReasonSchema': {
    schema: () => schemaOf('/app/models/messaging/schemas.ts', 'deleteReasonSchema'),
    valid: ['Väärä potilas'],
  },
  '/app/models/messaging/schemas.ts#absenceNoteSchema': { schema: () => schemaOf('/app/models/messaging/schemas.ts', 'absenceNoteSchema'), valid: ['Lomalla'] },
  '/app/models/shell/accessibility-feedback.ts#feedbackSchema': {
    schema: () => schemaOf('/app/models/shell/accessibility-feedback.ts', 'feedbackSchema'),
    valid: [{ location: 'Laskut-sivu', description: 'Linkin nimi\nei vastaa tekstiä.', email: 'palaute@example.fi' }],
    format: ['email'],
    multiline: ['description'],
  },
  '/app/models/audit/access-log-filter.ts#accessLogFilterSchema': {
    schema: () => schemaOf('/app/models/audit/access-log-filter.ts', 'accessLogFilterSchema'),
    valid: [{ from: '2026-01-01', to: '2026-01-31' }],
    format: ['from', 'to'],
  },
  '/app/models/appointments/earlier-time.ts#earlierTimeRequestSchema': {
    schema: () => schemaOf('/app/models/appointments/earlier-time.ts', 'earlierTimeRequestSchema'),
    valid: [{ practitioner: 'any', clinicIds: ['KA', 'RMT'], latestDate: '2026-12-01' }],
    format: ['practitioner', 'clinicIds.*', 'latestDate'],
  },
  '/app/models/appointments/schemas.ts#arrivalReasonSchema': {
    schema: () => schemaOf('/app/models/appointments/schemas.ts', 'arrivalReasonSchema'),
    valid: ['Kurkkukipu\nviikon ajan'],
    multiline: [''],
  },
  '/app/models/records/questionnaire.ts#answersSchema': {
    schema: () => factoryOf('/app/models/records/questionnaire.ts', 'answersSchema')(definition),
    valid: [{ feeling: 'Hyvä\nolo', more: 'Ei muuta', choice: 'yes', many: ['a'], scale: '3' }],
    format: ['choice', 'many.*', 'scale'],
    multiline: ['feeling', 'more'],
    message: { key: 'controlCharacters', namespace: 'records.questionnaires.errors' },
  },
  '/app/services/records/renewal-rules.ts#renewalSchema': {
    schema: () => factoryOf('/app/services/records/renewal-rules.ts', 'renewalSchema')([12]),
    valid: [
      {
        general: 'Tarvitsen uusinnan',
        'reason-12': 'Verenpaine',
        'finished-12': 'no',
        'amountLeft-12': 'Puolet',
        'sideEffects-12': 'yes',
        'sideEffectsText-12': 'Päänsärky',
      },
    ],
    format: ['finished-12', 'sideEffects-12'],
    multiline: ['general', 'reason-12', 'amountLeft-12', 'sideEffectsText-12'],
    message: { key: 'controlCharacters', namespace: 'records.renewal.errors' },
  },
  '/app/models/save-action.ts#saveActionSchema': {
    schema: () => schemaOf('/app/models/save-action.ts', 'saveActionSchema'),
    valid: [
      { type: 'reload-page' },
      { type: 'go-to-view-appointment-page', appointmentId: '12', tab: undefined },
      { type: 'go-to-reserve-appointment-page', appointmentId: 12 },
      { type: 'go-to-invoice-page', invoiceNumber: '2026001' },
    ],
    format: ['type', 'appointmentId', 'invoiceNumber'],
  },
};

/** Exported schemas that never take what a person types. */
const NOT_USER_TEXT: Record<string, string> = {
  '/app/models/records/questionnaire.ts#definitionSchema': 'a questionnaire definition read from our own storage',
  '/app/models/appointments/move.ts#moveSchema': 'the move confirmation: one checkbox, no text',
};

function schemaOf(path: string, name: string): z.ZodType {
  return (MODULES[path] as Record<string, z.ZodType>)[name]!;
}

function factoryOf(path: string, name: string): (...args: unknown[]) => z.ZodType {
  return (MODULES[path] as Record<string, (...args: unknown[]) => z.ZodType>)[name]!;
}

/** Every exported schema and `…Schema` factory of the modules, by `path#name`. */
function exportedSchemas(): string[] {
  return Object.entries(MODULES).flatMap(([path, module]) =>
    Object.entries(module as Record<string, unknown>)
      .filter(([name, value]) => value instanceof z.ZodType || (typeof value === 'function' && /Schema$/.test(name)))
      .map(([name]) => `${path}#${name}`),
  );
}

/** The paths of every field of a schema's objects (`a.*.b` inside arrays). */
function fieldPaths(schema: z.ZodType, prefix = ''): string[] {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const join = (key: string) => (prefix ? `${prefix}.${key}` : key);
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      return Object.entries(shape).flatMap(([key, value]) => [join(key), ...fieldPaths(value, join(key))]);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
      return fieldPaths(def.innerType as z.ZodType, prefix);
    case 'pipe': {
      // A transform is a pipe into the transform, a preprocess a pipe out of one.
      const into = def.in as z.ZodType;
      return fieldPaths(into._zod.def.type === 'transform' ? (def.out as z.ZodType) : into, prefix);
    }
    case 'array':
      return fieldPaths(def.element as z.ZodType, join('*'));
    case 'union':
      return [...new Set((def.options as z.ZodType[]).flatMap((option) => fieldPaths(option, prefix)))];
    default:
      return [];
  }
}

/** The string leaves of a sample input, by path (array indexes as `*`) and with a setter. */
function stringLeaves(value: unknown, path: (string | number)[] = []): { path: (string | number)[]; value: string }[] {
  if (typeof value === 'string') return [{ path, value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => stringLeaves(v, [...path, i]));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  return [];
}

const pattern = (path: readonly PropertyKey[]) => path.map((p) => (typeof p === 'number' ? '*' : String(p))).join('.');

function withValue(input: unknown, path: (string | number)[], value: string): unknown {
  if (path.length === 0) return value;
  const copy = structuredClone(input) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

/** Each inserted into the middle of a string: NUL, a C0 control, DEL, a C1 control, an unpaired surrogate. */
const REFUSED = ['\u0000', '\u0007', '\u007f', '\u0085', '\ud800'];
const LINE_BREAKS = ['\n', '\r\n', '\t'];

describe('free text in every exported schema', () => {
  it('every exported schema has a sample here (or carries no user text)', () => {
    const missing = exportedSchemas().filter((key) => !(key in SAMPLES) && !(key in NOT_USER_TEXT));
    expect(missing, 'add a valid sample to SAMPLES in app/models/free-text.test.ts').toEqual([]);
    const stale = Object.keys(SAMPLES).filter((key) => !exportedSchemas().includes(key));
    expect(stale).toEqual([]);
  });

  describe.each(Object.entries(SAMPLES))('%s', (_key, sample) => {
    const schema = sample.schema();
    const control = sample.message?.key ?? CONTROL;

    it('accepts its samples, which name every field', () => {
      for (const input of sample.valid) expect(schema.safeParse(input).error?.issues).toBeUndefined();
      const named = new Set(sample.valid.flatMap((input) => stringAndOtherPaths(input)));
      expect(fieldPaths(schema).filter((path) => !named.has(path))).toEqual([]);
    });

    it('refuses control characters in each string field, free text with the control-character message', () => {
      for (const input of sample.valid) {
        for (const leaf of stringLeaves(input)) {
          const field = pattern(leaf.path);
          for (const character of REFUSED) {
            const value = leaf.value.slice(0, 1) + character + leaf.value.slice(1);
            const result = schema.safeParse(withValue(input, leaf.path, value));
            const issues = (result.error?.issues ?? []).filter((issue) => pattern(issue.path) === field);
            expect(issues.length, `${field || '(value)'} with U+${character.charCodeAt(0).toString(16).padStart(4, '0')}`).toBeGreaterThan(0);
            if (!sample.format?.includes(field)) expect(issues.map((issue) => issue.message)).toContain(control);
          }
          // Multi-line text keeps line breaks and tabs; one-line free text refuses them (a format
          // field may read them as spaces: a phone number is normalised, a scale is a number).
          for (const lineBreak of sample.format?.includes(field) ? [] : LINE_BREAKS) {
            const value = leaf.value.slice(0, 1) + lineBreak + leaf.value.slice(1);
            const result = schema.safeParse(withValue(input, leaf.path, value));
            if (sample.multiline?.includes(field)) expect(result.success, `${field} with a line break`).toBe(true);
            else expect(result.success, `${field || '(value)'} with a line break`).toBe(false);
          }
        }
      }
    });

    it('says so in Finnish, Swedish and English', async () => {
      const key = sample.message ? `${sample.message.namespace}.${sample.message.key}` : CONTROL;
      for (const lang of ['fi', 'sv', 'en'] as const) {
        const texts = RESOURCES[lang];
        expect(hasText(texts, key), `${lang}: ${key}`).toBe(true);
      }
    });
  });
});

describe('file names', () => {
  it('with control characters are refused, as the message text would be', () => {
    const composer = schemaOf('/app/models/messaging/schemas.ts', 'composerSchema');
    const message = (name: string) => ({
      intent: 'send',
      idempotencyKey: UUID,
      text: '',
      attachments: [new File(['%PDF-1.4'], name, { type: 'application/pdf' })],
    });
    expect(composer.safeParse(message('lausunto.pdf')).success).toBe(true);
    const refused = composer.safeParse(message('lausunto\u0001.pdf'));
    expect(refused.error?.issues).toEqual([expect.objectContaining({ path: ['attachments'], message: 'messaging.errors.attachmentName' })]);
  });
});

/** Every key path of a sample input (array indexes as `*`). */
function stringAndOtherPaths(value: unknown, path: string[] = []): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => stringAndOtherPaths(v, [...path, '*']));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => [[...path, k].join('.'), ...stringAndOtherPaths(v, [...path, k])]);
  }
  return [];
}
