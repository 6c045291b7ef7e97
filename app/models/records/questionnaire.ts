/**
 * Questionnaire form definitions (spec 3 §3 "Questionnaire invitation"): a small typed
 * definition stored with the form, and the zod schema built from it that validates answers on
 * the server and in the browser alike. Client-safe and pure.
 */
import { z } from 'zod';
import type { RecordsTexts } from '~/i18n/resources/records/records';
import { refuseControlCharacters } from '../schemas';

type Texts = { fi: string; sv: string; en: string };

interface QuestionBase {
  /** Stable key of the answer in the stored JSON. */
  id: string;
  label: Texts;
  required: boolean;
}

export interface TextQuestion extends QuestionBase {
  type: 'text';
  maxLength: number;
}

export interface ChoiceQuestion extends QuestionBase {
  type: 'single' | 'multiple';
  options: Array<{ value: string; label: Texts }>;
}

export interface ScaleQuestion extends QuestionBase {
  type: 'scale';
  min: number;
  max: number;
  minLabel: Texts;
  maxLabel: Texts;
}

export type Question = TextQuestion | ChoiceQuestion | ScaleQuestion;

export interface QuestionnaireDefinition {
  title: Texts;
  intro: Texts;
  questions: Question[];
}

export type QuestionnaireAnswers = Record<string, string | string[] | number>;

/** What the schema's messages are keyed by (translated by the page: `records.questionnaires.errors.*`). */
type QuestionnaireError = keyof RecordsTexts['questionnaires']['errors'];
export const QUESTIONNAIRE_ERRORS = {
  required: 'required',
  tooLong: 'tooLong',
  invalid: 'invalid',
  controlCharacters: 'controlCharacters',
} as const satisfies Record<string, QuestionnaireError>;

/** Validates a definition read from storage (a broken definition is a server error, not user input). */
export const definitionSchema: z.ZodType<QuestionnaireDefinition> = z.lazy(() => {
  const texts = z.object({ fi: z.string().min(1), sv: z.string().min(1), en: z.string().min(1) });
  const base = { id: z.string().regex(/^[a-z][a-zA-Z0-9]*$/), label: texts, required: z.boolean() };
  return z.object({
    title: texts,
    intro: texts,
    questions: z
      .array(
        z.discriminatedUnion('type', [
          z.object({ ...base, type: z.literal('text'), maxLength: z.number().int().min(1).max(5000) }),
          z.object({
            ...base,
            type: z.enum(['single', 'multiple']),
            options: z.array(z.object({ value: z.string().min(1), label: texts })).min(2),
          }),
          z.object({
            ...base,
            type: z.literal('scale'),
            min: z.number().int(),
            max: z.number().int(),
            minLabel: texts,
            maxLabel: texts,
          }),
        ]),
      )
      .min(1),
  });
});

function questionSchema(q: Question): z.ZodType<QuestionnaireAnswers[string] | undefined> {
  const { required: req, tooLong, invalid, controlCharacters } = QUESTIONNAIRE_ERRORS;
  switch (q.type) {
    case 'text': {
      const s = z.string({ error: req }).trim().max(q.maxLength, tooLong);
      const rules = { multiline: true, message: controlCharacters };
      return q.required ? refuseControlCharacters(s.min(1, req), rules) : refuseControlCharacters(s, rules).optional();
    }
    case 'single': {
      const values = q.options.map((o) => o.value);
      const s = z.string({ error: req }).refine((v) => values.includes(v), invalid);
      return q.required ? s : s.optional();
    }
    case 'multiple': {
      const values = q.options.map((o) => o.value) as [string, ...string[]];
      const s = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.enum(values, { error: invalid })));
      return q.required ? s.pipe(z.array(z.string()).min(1, req)) : s;
    }
    case 'scale': {
      // A form sends text, stored answers hold numbers: both are read the same way.
      const value = z
        .union([z.number(), z.string()], { error: (issue) => (issue.input === undefined ? req : invalid) })
        .pipe(z.coerce.number<number | string>({ error: invalid }).int(invalid).min(q.min, invalid).max(q.max, invalid));
      const blankIsMissing = (v: unknown) => (v === '' ? undefined : v);
      return z.preprocess(blankIsMissing, q.required ? value : value.optional());
    }
  }
}

/** The answers' schema, one field per question (form field name = question id). */
export function answersSchema(definition: QuestionnaireDefinition) {
  return z.object(Object.fromEntries(definition.questions.map((q) => [q.id, questionSchema(q)])));
}

/** Parses stored answers (the JSON string); anything unreadable is no answers. */
export function parseStoredAnswers(json: string | null): QuestionnaireAnswers {
  if (!json) return {};
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as QuestionnaireAnswers) : {};
  } catch {
    return {};
  }
}
