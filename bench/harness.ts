/**
 * What every benchmark script shares: option parsing, progress lines, the production build,
 * the portal server on a throw-away database, clean-up on exit or Ctrl-C, and the facts about
 * the machine a result is reported with. A script is
 *
 *   process.exitCode = await benchMain(USAGE, async (run) => { … return failures ? 1 : 0; });
 *
 * where `run.cleanups` collects what to undo (database, server), last in first out.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { createPgliteDatabase, createPostgresDatabase, DEFAULT_ADMIN_URL, type BenchDatabase } from './database';
import { findFreePort, startServer, type ServerProcess } from './server-process';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** A bad command line: reported with the usage text, exit code 2. */
export class UsageError extends Error {}

export function positiveInt(name: string, value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number <= 0) throw new UsageError(`--${name} must be a positive integer, got "${value}"`);
  return number;
}

/** node:util parseArgs (strict, no positionals) whose errors are usage errors. */
export function parseCli<T extends NonNullable<ParseArgsConfig['options']>>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: false }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

/** Progress goes to stderr so stdout holds only the report. */
export const progress = (message: string) => process.stderr.write(`› ${message}\n`);

export const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Runs a command in the repository root; its output goes to stderr. */
async function runCommand(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', process.stderr, process.stderr] });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (exitCode) => resolve(exitCode));
  });
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with code ${code}`);
}

/** The production build in BUILD_DIR (default build/): made now, or (build = false) required to exist. */
export async function ensureBuild(build: boolean): Promise<void> {
  const buildDir = process.env.BUILD_DIR ?? 'build';
  if (build) {
    progress(`building for production into ${buildDir}/ (react-router build)`);
    await runCommand('npx', ['react-router', 'build'], { ...process.env, NODE_ENV: 'production' });
  } else if (!existsSync(`${ROOT}/${buildDir}/server/index.js`)) {
    throw new UsageError(`--no-build: there is no ${buildDir}/server/index.js; run without --no-build first`);
  }
}

function git(args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return null;
  }
}

export const loadAverage = () => loadavg().map((load) => round(load));

/** What a result was measured on; other work on the machine (the load average) skews it. */
export function machine() {
  const cpuList = cpus();
  const status = git(['status', '--porcelain']);
  return {
    date: new Date().toISOString(),
    git: { commit: git(['rev-parse', 'HEAD']), dirty: status === null ? null : status !== '' },
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cpu: { count: cpuList.length, model: cpuList[0]?.model.trim() ?? 'unknown' },
  };
}

export type Machine = ReturnType<typeof machine>;

/** Clean-up steps, run last in first out, once. */
export class Cleanups {
  readonly #steps: (() => Promise<unknown>)[] = [];
  #running: Promise<void> | null = null;

  push(step: () => Promise<unknown>): void {
    this.#steps.push(step);
  }

  run(): Promise<void> {
    this.#running ??= (async () => {
      if (this.#steps.length) progress('cleaning up');
      for (let step = this.#steps.pop(); step; step = this.#steps.pop()) {
        try {
          await step();
        } catch (error) {
          console.warn(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    })();
    return this.#running;
  }
}

export interface BenchRun {
  cleanups: Cleanups;
}

/**
 * Runs a benchmark's body and returns the process exit code: the body's own, 2 for a usage
 * error, 1 for any other failure. Cleans up at the end, on failure and on SIGINT/SIGTERM.
 */
export async function benchMain(usage: string, body: (run: BenchRun) => Promise<number>): Promise<number> {
  const cleanups = new Cleanups();
  const interrupt = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping`);
    void cleanups.run().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    return await body({ cleanups });
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      console.error(`usage: ${usage}`);
      return 2;
    }
    console.error(`\nbenchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  } finally {
    await cleanups.run();
  }
}

/** A fresh database for the run (PostgreSQL on BENCH_DATABASE_URL, or PGlite), dropped at the end. */
export async function benchDatabase(run: BenchRun, kind: 'postgresql' | 'pglite' = 'postgresql'): Promise<BenchDatabase> {
  const database = kind === 'pglite' ? await createPgliteDatabase() : await createPostgresDatabase(process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL);
  run.cleanups.push(() => database.dispose());
  progress(`database: ${database.description}`);
  return database;
}

export interface PortalOptions {
  /** Environment of the database, plus any settings of the scenario. */
  env: Record<string, string>;
  readyTimeoutMs?: number;
  /** Write a V8 CPU profile of the server process into this directory (node --cpu-prof). */
  cpuProfileDir?: string;
}

/** Starts the production server (migrate, seed, serve) on a free port and waits until it is ready. */
export async function startPortal(run: BenchRun, options: PortalOptions): Promise<ServerProcess> {
  const server = startServer({ cwd: ROOT, port: await findFreePort(), env: options.env, cpuProfileDir: options.cpuProfileDir });
  run.cleanups.push(() => server.stop());
  progress(`starting the server on ${server.origin} (migrate, seed, serve)`);
  await server.waitUntilReady(options.readyTimeoutMs ?? 120_000);
  return server;
}
