/**
 * The portal under test: `node --import tsx scripts/start.ts` (migrate, seed, serve) as a child
 * process in its own process group, so stopping it also stops anything it starts. With
 * `cpuProfileDir` the process runs under `node --cpu-prof` and writes its profile there when it
 * exits (stop() lets it exit normally).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { envSchema } from '../app/env.server';
import { clock } from '../app/lib/clock.server';

const HOST = '127.0.0.1';
const OUTPUT_LINES_KEPT = 200;

/** Every variable the portal reads; inherited values are dropped so runs are reproducible. */
const PORTAL_ENV_KEYS = Object.keys(envSchema.shape);

/** A port that was free a moment ago (the OS picks it for a listener on port 0). */
export async function findFreePort(): Promise<number> {
  const server = createServer();
  server.listen(0, HOST);
  await once(server, 'listening');
  const address = server.address();
  server.close();
  await once(server, 'close');
  if (address === null || typeof address === 'string') throw new Error('could not determine a free port');
  return address.port;
}

export interface ServerProcess {
  origin: string;
  /** The server's process id, which is also its process group's (bench/capacity.ts reads its CPU time). */
  pid: number;
  /** Milliseconds from the start of the process until it was ready (set by waitUntilReady). */
  readyAfterMs: number | null;
  /** The last lines the server printed (stdout and stderr). */
  output(): string;
  /** Resolves when the server answers GET /readyz with 200. */
  waitUntilReady(timeoutMs: number): Promise<void>;
  /** SIGTERM to the whole process group, SIGKILL after a grace period. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  cwd: string;
  port: number;
  /** Extra environment (database location). */
  env: Record<string, string>;
  /** Directory for a V8 CPU profile of the server (node --cpu-prof). */
  cpuProfileDir?: string;
}

export function startServer(options: StartOptions): ServerProcess {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of PORTAL_ENV_KEYS) delete env[key];
  Object.assign(env, {
    // The demo deployment (test identification, demo data), as `npm start`; a production build
    // is otherwise a production deployment (app/env.server.ts).
    DEPLOYMENT_ENV: 'development',
    // The flags the bench has always measured with: none (unset, the demo turns every flag on, ADR 0005).
    FEATURES: 'none',
    // The tests' servers share the tests' clock (PORTAL_NOW); the benchmark runs on the wall clock.
    ...clock.env(),
    ...options.env,
    NODE_ENV: 'production',
    HOST,
    PORT: String(options.port),
    LOG_LEVEL: 'warn',
  });

  const profile = options.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`] : [];
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'scripts/start.ts'], {
    cwd: options.cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > OUTPUT_LINES_KEPT) lines.splice(0, lines.length - OUTPUT_LINES_KEPT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let spawnError: Error | null = null;
  child.once('error', (error) => {
    spawnError = error;
  });

  const origin = `http://${HOST}:${options.port}`;
  const hasExited = () => child.exitCode !== null || child.signalCode !== null || spawnError !== null;
  const output = () => lines.join('\n');

  const server: ServerProcess = {
    origin,
    pid: child.pid ?? -1,
    readyAfterMs: null,
    output,
    async waitUntilReady(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        if (hasExited()) {
          throw new Error(`the server exited before it was ready (${spawnError ?? `code ${child.exitCode}`}):\n${output()}`);
        }
        try {
          const response = await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2_000) });
          await response.body?.cancel();
          if (response.status === 200) {
            server.readyAfterMs = performance.now() - spawnedAt;
            return;
          }
        } catch {
          // Not listening yet.
        }
        await delay(250);
      }
      throw new Error(`the server was not ready within ${timeoutMs / 1000} s:\n${output()}`);
    },
    stop: () => stopGroup(child),
  };
  return server;
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals | 0): boolean {
  if (child.pid === undefined) return false;
  try {
    process.kill(-child.pid, signal);
    return true;
  } catch {
    return false; // ESRCH: no process left in the group.
  }
}

async function waitForGroupExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (signalGroup(child, 0)) {
    if (Date.now() >= deadline) return false;
    await delay(100);
  }
  return true;
}

async function stopGroup(child: ChildProcess): Promise<void> {
  if (!signalGroup(child, 0)) return;
  signalGroup(child, 'SIGTERM');
  if (await waitForGroupExit(child, 5_000)) return;
  signalGroup(child, 'SIGKILL');
  await waitForGroupExit(child, 5_000);
}
