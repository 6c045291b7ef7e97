/**
 * Prescription renewal (spec 3 §4, §5): the ids in the address, the form's schema (one for the
 * browser and the server: conform), and the message the care team receives. Client-safe.
 *
 * Questions: one general question, and per prescription a reason (text), is the medicine
 * finished (yes/no; "no" requires how much is left and when it runs out) and side effects
 * (yes/no; "yes" requires a description). Every question must be answered before sending.
 */
import { z } from 'zod';
import type { Language } from '~/i18n/config';
import { refuseControlCharacters } from '~/models/schemas';
import type { RecordsTexts } from '~/i18n/resources/records/records';
import { pagePath } from '~/route-table';

/** Finnish "prescription renewal request": the thread title the care team sees (spec 3 §7). */
export const RENEWAL_THREAD_TITLE = 'Reseptin uusimispyyntö';

export const RENEWAL_TEXT_MAX = 250;
export const MAX_RENEWAL_IDS = 10;

/** "12,13" → [12, 13]; null when anything is not a positive id, repeated, or too many. */
export function parseRenewalIds(value: string | undefined): number[] | null {
  if (!value || !/^\d{1,12}(,\d{1,12})*$/.test(value)) return null;
  const ids = value.split(',').map(Number);
  if (ids.some((id) => !Number.isSafeInteger(id) || id <= 0)) return null;
  if (new Set(ids).size !== ids.length || ids.length > MAX_RENEWAL_IDS) return null;
  return ids;
}

/** The renewal page of these prescriptions, ids ascending and comma-joined (commas kept readable). */
export function renewalPath(lang: Language, ids: readonly number[]): string {
  const joined = [...ids].sort((a, b) => a - b).join(',');
  return pagePath('prescriptionRenewal', lang, { ids: joined }).replace(encodeURIComponent(joined), joined);
}

export const renewalField = {
  general: 'general',
  reason: (id: number) => `reason-${id}`,
  finished: (id: number) => `finished-${id}`,
  amountLeft: (id: number) => `amountLeft-${id}`,
  sideEffects: (id: number) => `sideEffects-${id}`,
  sideEffectsText: (id: number) => `sideEffectsText-${id}`,
} as const;

/** Error messages are keys the page translates (`records.renewal.errors.*`). */
type RenewalError = keyof RecordsTexts['renewal']['errors'];
const REQUIRED = 'required' satisfies RenewalError;
const TOO_LONG = 'tooLong' satisfies RenewalError;
const CONTROL_CHARACTERS = { multiline: true, message: 'controlCharacters' satisfies RenewalError };

const text = () => refuseControlCharacters(z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(RENEWAL_TEXT_MAX, TOO_LONG), CONTROL_CHARACTERS);
const optionalText = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    refuseControlCharacters(z.string().trim().max(RENEWAL_TEXT_MAX, TOO_LONG), CONTROL_CHARACTERS).optional(),
  );
const yesNo = () => z.enum(['yes', 'no'], { error: REQUIRED });

/** The renewal form's schema for these prescriptions (follow-ups required by the answers). */
export function renewalSchema(ids: readonly number[]) {
  const shape: Record<string, z.ZodTypeAny> = { [renewalField.general]: text() };
  for (const id of ids) {
    shape[renewalField.reason(id)] = text();
    shape[renewalField.finished(id)] = yesNo();
    shape[renewalField.amountLeft(id)] = optionalText();
    shape[renewalField.sideEffects(id)] = yesNo();
    shape[renewalField.sideEffectsText(id)] = optionalText();
  }
  return z.object(shape).superRefine((value, ctx) => {
    for (const id of ids) {
      if (value[renewalField.finished(id)] === 'no' && !value[renewalField.amountLeft(id)]) {
        ctx.addIssue({ code: 'custom', path: [renewalField.amountLeft(id)], message: REQUIRED });
      }
      if (value[renewalField.sideEffects(id)] === 'yes' && !value[renewalField.sideEffectsText(id)]) {
        ctx.addIssue({ code: 'custom', path: [renewalField.sideEffectsText(id)], message: REQUIRED });
      }
    }
  });
}

export type RenewalAnswers = Record<string, string | undefined>;

/**
 * The first message of the renewal thread, in Finnish for the care team: the general answer,
 * then each prescription with its answers. Plain text (rendered as text wherever shown).
 */
export function renewalMessage(prescriptions: ReadonlyArray<{ id: number; medicineName: string; strength: string }>, answers: RenewalAnswers): string {
  const yes = (v: string | undefined) => (v === 'yes' ? 'kyllä' : 'ei');
  const parts = [`Yleinen kysymys – terveydentila ja muutokset: ${answers[renewalField.general] ?? ''}`];
  for (const p of prescriptions) {
    const lines = [
      `${p.medicineName} ${p.strength} (resepti ${p.id})`,
      `Syy uusimiselle: ${answers[renewalField.reason(p.id)] ?? ''}`,
      `Lääke loppunut: ${yes(answers[renewalField.finished(p.id)])}`,
    ];
    if (answers[renewalField.finished(p.id)] === 'no') lines.push(`Lääkettä jäljellä ja riittää: ${answers[renewalField.amountLeft(p.id)] ?? ''}`);
    lines.push(`Haittavaikutuksia: ${yes(answers[renewalField.sideEffects(p.id)])}`);
    if (answers[renewalField.sideEffects(p.id)] === 'yes') lines.push(`Haittavaikutukset: ${answers[renewalField.sideEffectsText(p.id)] ?? ''}`);
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n');
}
