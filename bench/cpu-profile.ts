/**
 * Reads a V8 CPU profile (node --cpu-prof) and lists where the busy time went: self time by
 * function and by package (node_modules/<name>, node: internals, the app's server build).
 * Idle time is left out of the percentages, and so are the first `skipMs` of the profile (the
 * server's start-up: migrations, seed, module loading) when given. `npm run bench -- --cpu-prof`
 * prints this for the server of the run; `npx tsx bench/cpu-profile.ts FILE [N] [SKIP_MS]` for
 * any profile.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { formatTable } from './report';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileEntry {
  name: string;
  selfMs: number;
  /** Share of the busy (non-idle) time, in percent. */
  percent: number;
}

export interface ProfileSummary {
  file: string;
  totalMs: number;
  busyMs: number;
  byFunction: ProfileEntry[];
  byPackage: ProfileEntry[];
}

const IDLE = '(idle)';

function packageOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return url.split('/')[0]!;
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const [first = '', second = ''] = url.slice(modules + '/node_modules/'.length).split('/');
    return first.startsWith('@') ? `${first}/${second}` : first;
  }
  const build = url.indexOf('/build/server/');
  if (build >= 0) return 'app (build/server)';
  return url.replace(/^file:\/\//, '').replace(/^.*\/(app|server\.ts|scripts|db)\b/, '$1');
}

function location(url: string, line: number): string {
  if (!url) return '';
  const short = url
    .replace(/^file:\/\//, '')
    .replace(/^.*\/node_modules\//, '')
    .replace(/^.*\/(build|app|db|scripts)\//, '$1/');
  return `${short}:${line + 1}`;
}

function top(totals: Map<string, number>, busyMs: number, count: number): ProfileEntry[] {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, selfMs]) => ({ name, selfMs: Math.round(selfMs), percent: Math.round((selfMs / busyMs) * 1000) / 10 }));
}

function summarizeProfile(file: string, profile: Profile, count = 20, skipMs = 0): ProfileSummary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<number, number>();
  // timeDeltas[i] is the time from the previous sample to sample i: it is charged to sample i.
  let elapsedMs = 0;
  profile.samples.forEach((id, i) => {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    elapsedMs += delta;
    if (elapsedMs > skipMs) selfMs.set(id, (selfMs.get(id) ?? 0) + delta);
  });

  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  let idleMs = 0;
  let totalMs = 0;
  for (const [id, ms] of selfMs) {
    const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
    totalMs += ms;
    if (functionName === IDLE) {
      idleMs += ms;
      continue;
    }
    const fn = `${functionName || '(anonymous)'} ${location(url, lineNumber)}`.trim();
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    const pkg = packageOf(url, functionName);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + ms);
  }
  const busyMs = totalMs - idleMs;
  return {
    file,
    totalMs: Math.round(totalMs),
    busyMs: Math.round(busyMs),
    byFunction: top(byFunction, busyMs, count),
    byPackage: top(byPackage, busyMs, count),
  };
}

async function readProfile(file: string, count?: number, skipMs?: number): Promise<ProfileSummary> {
  return summarizeProfile(file, JSON.parse(await readFile(file, 'utf8')) as Profile, count, skipMs);
}

/** The profiles node --cpu-prof wrote into a directory, largest (the server, not npx/tsx helpers) first. */
export async function readProfiles(dir: string, count?: number, skipMs?: number): Promise<ProfileSummary[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith('.cpuprofile'));
  const summaries = await Promise.all(files.map((name) => readProfile(join(dir, name), count, skipMs)));
  return summaries.sort((a, b) => b.busyMs - a.busyMs);
}

export function renderProfile(summary: ProfileSummary): string {
  const table = (title: string, entries: ProfileEntry[]) =>
    formatTable(
      [{ title }, { title: 'self ms', align: 'right' }, { title: '% busy', align: 'right' }],
      entries.map((e) => [e.name, String(e.selfMs), e.percent.toFixed(1)]),
    );
  return [
    `CPU profile ${summary.file}: ${(summary.totalMs / 1000).toFixed(1)} s under load, ${(summary.busyMs / 1000).toFixed(1)} s of it busy`,
    '',
    table('self time by package', summary.byPackage),
    '',
    table('self time by function', summary.byFunction),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [file, count, skip] = process.argv.slice(2);
  if (!file || (count && !Number.isInteger(Number(count))) || (skip && !Number.isFinite(Number(skip)))) {
    console.error('usage: npx tsx bench/cpu-profile.ts FILE.cpuprofile [N] [SKIP_MS]');
    process.exitCode = 2;
  } else {
    console.log(renderProfile(await readProfile(file, count ? Number(count) : 25, skip ? Number(skip) : 0)));
  }
}
