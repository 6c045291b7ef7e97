import { describe, expect, it } from 'vitest';
import { answersSchema, definitionSchema, parseStoredAnswers, type QuestionnaireDefinition } from './questionnaire';

const t = (x: string) => ({ fi: x, sv: x, en: x });
const definition: QuestionnaireDefinition = {
  title: t('Kysely'),
  intro: t('Intro'),
  questions: [
    { id: 'reason', type: 'text', required: true, maxLength: 10, label: t('Syy') },
    {
      id: 'smoking',
      type: 'single',
      required: true,
      label: t('Tupakka'),
      options: [
        { value: 'no', label: t('Ei') },
        { value: 'yes', label: t('Kyllä') },
      ],
    },
    {
      id: 'sports',
      type: 'multiple',
      required: false,
      label: t('Liikunta'),
      options: [
        { value: 'walk', label: t('Kävely') },
        { value: 'gym', label: t('Sali') },
      ],
    },
    { id: 'mood', type: 'scale', required: true, min: 1, max: 5, minLabel: t('Huono'), maxLabel: t('Hyvä'), label: t('Vointi') },
  ],
};

describe('questionnaire answers schema', () => {
  const schema = answersSchema(definition);
  it('accepts complete answers and normalises them', () => {
    expect(schema.parse({ reason: ' flu ', smoking: 'no', sports: 'gym', mood: '4' })).toEqual({ reason: 'flu', smoking: 'no', sports: ['gym'], mood: 4 });
    expect(schema.parse({ reason: 'x', smoking: 'yes', mood: '1' })).toEqual({ reason: 'x', smoking: 'yes', sports: [], mood: 1 });
  });
  it('reads its own output again the same way (the service re-checks parsed answers)', () => {
    const once = schema.parse({ reason: 'flu', smoking: 'no', sports: ['gym', 'walk'], mood: '4' });
    expect(schema.parse(once)).toEqual(once);
  });
  it('refuses missing, unknown, out-of-scale and too long answers with message keys', () => {
    const issues = (value: unknown) => {
      const r = schema.safeParse(value);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
    };
    expect(issues({ smoking: 'no', mood: '3' })).toEqual(['reason:required']);
    expect(issues({ reason: 'x', smoking: 'sometimes', mood: '3' })).toEqual(['smoking:invalid']);
    expect(issues({ reason: 'x', smoking: 'no', mood: '6' })).toEqual(['mood:invalid']);
    expect(issues({ reason: 'x', smoking: 'no', mood: '' })).toEqual(['mood:required']);
    expect(issues({ reason: 'x', smoking: 'no' })).toEqual(['mood:required']);
    expect(issues({ reason: 'x'.repeat(11), smoking: 'no', mood: '2' })).toEqual(['reason:tooLong']);
    expect(issues({ reason: 'x', smoking: 'no', mood: '2', sports: ['swim'] })).toEqual(['sports.0:invalid']);
  });
  it('checks stored definitions and reads stored answers leniently', () => {
    expect(definitionSchema.safeParse(definition).success).toBe(true);
    expect(definitionSchema.safeParse({ ...definition, questions: [] }).success).toBe(false);
    expect(parseStoredAnswers('{"a":"b"}')).toEqual({ a: 'b' });
    expect(parseStoredAnswers('[1]')).toEqual({});
    expect(parseStoredAnswers('nope')).toEqual({});
    expect(parseStoredAnswers(null)).toEqual({});
  });
});
