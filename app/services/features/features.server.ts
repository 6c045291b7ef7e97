/**
 * Feature flags: the environment's default (FEATURES) overridden per person
 * (feature_overrides rows). Evaluated on the server only; the client sees the result.
 */
import { eq } from 'drizzle-orm';
import { featureOverrides } from '~db/schema';
import { env } from '~/env.server';
import { FEATURE_FLAGS, type FeatureFlag, type Features } from '~/models/features';
import type { Db } from '~/services/db/db.server';

export function evaluateFeatures(environmentFlags: readonly FeatureFlag[], overrides: readonly { flag: string; enabled: boolean }[] = []): Features {
  const result = Object.fromEntries(FEATURE_FLAGS.map((f) => [f, environmentFlags.includes(f)])) as Features;
  for (const { flag, enabled } of overrides) {
    if ((FEATURE_FLAGS as readonly string[]).includes(flag)) result[flag as FeatureFlag] = enabled;
  }
  return result;
}

export function environmentFeatures(): Features {
  return evaluateFeatures(env().FEATURES);
}

export async function featuresForPerson(db: Db, personId: string): Promise<Features> {
  const overrides = await db
    .select({ flag: featureOverrides.flag, enabled: featureOverrides.enabled })
    .from(featureOverrides)
    .where(eq(featureOverrides.personId, personId));
  return evaluateFeatures(env().FEATURES, overrides);
}
