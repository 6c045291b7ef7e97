/**
 * The my-information page's `saveAction` query value (spec 2 §2, §3 "Save action types"): where a
 * successful save leads and which tab opens first. URL-safe base64 of a JSON action. Parsing never
 * throws: an unknown, malformed or oversized value is ignored (null), so it can never lead anywhere
 * but one of our own pages. Pure and client-safe.
 */
import { z } from 'zod';

export const SAVE_ACTION_TABS = ['basic', 'consent'] as const;
export type SaveActionTab = (typeof SAVE_ACTION_TABS)[number];

const id = z.union([
  z.number().int().positive(),
  z
    .string()
    .regex(/^\d{1,12}$/)
    .transform(Number),
]);

export const saveActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('reload-page') }),
  z.object({ type: z.literal('go-to-reserve-appointment-page'), appointmentId: id }),
  z.object({ type: z.literal('go-to-view-appointment-page'), appointmentId: id, tab: z.enum(SAVE_ACTION_TABS).optional() }),
  z.object({ type: z.literal('go-to-invoice-page'), invoiceNumber: z.string().regex(/^[A-Za-z0-9-]{1,40}$/) }),
]);

export type SaveAction = z.output<typeof saveActionSchema>;
export type SaveActionType = SaveAction['type'];

/** A saveAction as the query value (URL-safe base64 of its JSON, no padding). */
export function encodeSaveAction(action: SaveAction): string {
  const bytes = new TextEncoder().encode(JSON.stringify(action));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The action a query value names, or null when it is missing, malformed or unknown. */
export function parseSaveAction(value: string | null | undefined): SaveAction | null {
  if (!value || value.length > 512 || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return null;
  try {
    const base64 = value.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    const parsed = saveActionSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The tab my information opens first: the consent tab only for go-to-view-appointment-page with tab consent. */
export function firstTab(action: SaveAction | null): SaveActionTab {
  return action?.type === 'go-to-view-appointment-page' && action.tab === 'consent' ? 'consent' : 'basic';
}
