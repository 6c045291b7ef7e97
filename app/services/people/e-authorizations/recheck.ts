/**
 * The memory of the per-request mandate re-check (ADR 0050, VALTUUDET_RECHECK_SECONDS): while a
 * person acts on a mandate, every request asks Suomi.fi whether it is still in force. A "yes"
 * may be kept for `ttlSeconds` per mandate in force (the key names the Web API session and what
 * was chosen), so that the requests of that while are not each a Web API call. Only a yes is
 * kept: a no — a lapsed or withdrawn mandate, an expired Web API session, no answer — is asked
 * again and ends the mandate at once. 0 keeps nothing: every request asks. Per instance, in
 * memory; the entries of a while ago are dropped as new ones come.
 */
export interface Recheck {
  /** Whether the mandate named by `key` is still in force: the kept yes, else `ask`'s answer. */
  stillInForce(key: string, ask: () => Promise<boolean>): Promise<boolean>;
}

/** Beyond this many kept answers, the lapsed ones are dropped before another is kept. */
const PRUNE_AT = 10_000;

export function createRecheck(ttlSeconds: number, nowMs: () => number): Recheck {
  const keptUntil = new Map<string, number>();
  return {
    async stillInForce(key, ask) {
      if (ttlSeconds <= 0) return ask();
      const until = keptUntil.get(key);
      if (until !== undefined && nowMs() < until) return true;
      keptUntil.delete(key);
      const yes = await ask();
      if (yes) {
        if (keptUntil.size >= PRUNE_AT) for (const [k, u] of keptUntil) if (u <= nowMs()) keptUntil.delete(k);
        keptUntil.set(key, nowMs() + ttlSeconds * 1000);
      }
      return yes;
    },
  };
}
