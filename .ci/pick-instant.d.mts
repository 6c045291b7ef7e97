/** Types of .ci/pick-instant.mjs (plain Node, run before `npm ci`). */
export function prng(seed: number): () => number;
export function helsinki(ms: number): {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
  weekday: string;
  offsetMinutes: number;
};
export function formatInstant(ms: number): string;
export function fromHelsinki(year: number, month: number, day: number, hour: number, minute: number, later?: boolean): number;
export const KINDS: [string, number][];
export function pickInstant(fromMs: number, random?: () => number): { kind: string; instant: string };
