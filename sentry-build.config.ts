/**
 * Source maps for error reports (issue 27, ADR 0038). With SENTRY_AUTH_TOKEN, SENTRY_ORG and
 * SENTRY_PROJECT set at build time (SENTRY_URL for a self-hosted Sentry, SENTRY_RELEASE to name
 * the release), the build makes hidden source maps (no `sourceMappingURL` in the files), Sentry's
 * React Router plugin and build-end hook give every file a debug id and upload the maps, and the
 * maps are deleted afterwards. Without them no source map is made. Either way no `.map` file is
 * left in the client build, which is what the server serves.
 */
import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export interface SentryBuildOptions {
  org: string;
  project: string;
  authToken: string;
  telemetry: false;
  release?: { name: string };
}

/** The upload's settings, or null when the build is not to upload source maps. */
export function sentryBuildOptions(environment: NodeJS.ProcessEnv = process.env): SentryBuildOptions | null {
  const { SENTRY_AUTH_TOKEN, SENTRY_ORG, SENTRY_PROJECT, SENTRY_RELEASE } = environment;
  if (!SENTRY_AUTH_TOKEN || !SENTRY_ORG || !SENTRY_PROJECT) return null;
  return {
    org: SENTRY_ORG,
    project: SENTRY_PROJECT,
    authToken: SENTRY_AUTH_TOKEN,
    telemetry: false,
    ...(SENTRY_RELEASE ? { release: { name: SENTRY_RELEASE } } : {}),
  };
}

/** Deletes every `.map` file under the build's client directory (what the server serves). */
export function removeClientSourceMaps(buildDirectory: string): string[] {
  const clientDir = path.join(buildDirectory, 'client');
  const removed: string[] = [];
  let entries: string[];
  try {
    entries = readdirSync(clientDir, { recursive: true, encoding: 'utf8' });
  } catch {
    return removed;
  }
  for (const entry of entries) {
    if (!entry.endsWith('.map')) continue;
    rmSync(path.join(clientDir, entry), { force: true });
    removed.push(entry);
  }
  return removed;
}
