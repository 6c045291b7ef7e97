/**
 * HAProxy (Debian's package) in front of the portal's instances, for the cluster test (ADR 0039).
 * The generated configuration is the one the README recommends, with test-sized intervals:
 * - health check on GET /readyz (503 while an instance starts or stops, or its database is
 *   unreachable or behind), so a stopping instance is taken out within a second;
 * - `retry-on conn-failure empty-response` with `option redispatch 1`: a request that never
 *   reached an application (the connection refused by an instance that closed its listener, or a
 *   reused keep-alive connection it closed at that moment) is sent again, to another instance.
 *   Nothing an instance did answer is retried (no `response-timeout`, no 5xx), so a reservation
 *   is never sent twice;
 * - the client address from the connection: whatever X-Forwarded-For (and -Host, -Proto) a
 *   client sent is removed, then `option forwardfor` appends the address HAProxy saw, the one
 *   entry the instances (TRUST_PROXY=1) count per-address limits by.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** HAPROXY, or Debian's /usr/sbin/haproxy, or `haproxy` on PATH; null when there is none. */
export function findHaproxy(): string | null {
  if (process.env.HAPROXY) return process.env.HAPROXY;
  if (existsSync('/usr/sbin/haproxy')) return '/usr/sbin/haproxy';
  try {
    return execFileSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' }).trim() || null;
  } catch {
    return null;
  }
}

export interface Backend {
  name: string;
  port: number;
}

function haproxyConfig(options: { port: number; backends: Backend[]; statsSocket: string }): string {
  return [
    'global',
    '  maxconn 4000',
    `  stats socket ${options.statsSocket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  timeout queue 30s',
    '  timeout http-keep-alive 10s',
    // A request that reached no application is sent again, each time to another instance.
    '  retries 5',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response',
    '',
    'frontend portal',
    `  bind 127.0.0.1:${options.port}`,
    // The client's own X-Forwarded-* headers are removed; HAProxy writes X-Forwarded-For itself.
    // (Terminating TLS here: `http-request set-header X-Forwarded-Proto https if { ssl_fc }`.)
    '  http-request del-header X-Forwarded-For',
    '  http-request del-header X-Forwarded-Host',
    '  http-request del-header X-Forwarded-Proto',
    '  option forwardfor',
    '  default_backend instances',
    '',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk',
    // HTTP/1.1 with a Host header, as every request the portal serves has (without one the app answers 500).
    '  http-check send meth GET uri /readyz ver HTTP/1.1 hdr Host localhost',
    '  http-check expect status 200',
    '  default-server inter 500ms fastinter 250ms downinter 500ms rise 2 fall 2',
    ...options.backends.map((b) => `  server ${b.name} 127.0.0.1:${b.port} check`),
    '',
  ].join('\n');
}

export interface ServerStats {
  name: string;
  status: string;
  /** Requests (sessions) sent to it. */
  sessions: number;
  /** Retries and redispatches HAProxy made (on the backend line: all of them). */
  retries: number;
  redispatches: number;
  connectionErrors: number;
  responseErrors: number;
  http5xx: number;
}

export interface Haproxy {
  origin: string;
  /** The backend's servers and the backend's own totals (name BACKEND). */
  stats(): Promise<ServerStats[]>;
  waitForStatus(server: string, status: 'UP' | 'DOWN', timeoutMs?: number): Promise<number>;
  stop(): Promise<void>;
}

function query(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = createConnection(socketPath, () => socket.end(`${command}\n`));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

export async function startHaproxy(binary: string, dir: string, port: number, backends: Backend[]): Promise<Haproxy> {
  const statsSocket = path.join(dir, 'haproxy.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ port, backends, statsSocket }));
  execFileSync(binary, ['-c', '-q', '-f', configFile], { stdio: 'pipe' });
  const child = spawn(binary, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stats = async (): Promise<ServerStats[]> => {
    const csv = await query(statsSocket, 'show stat');
    const [header = '', ...rows] = csv.trim().split('\n');
    const columns = header.replace(/^# /, '').split(',');
    const column = (row: string[], name: string) => row[columns.indexOf(name)] ?? '';
    const number = (row: string[], name: string) => Number(column(row, name) || 0);
    return rows
      .map((line) => line.split(','))
      .filter((row) => column(row, 'pxname') === 'instances')
      .map((row) => ({
        name: column(row, 'svname'),
        status: column(row, 'status'),
        sessions: number(row, 'stot'),
        retries: number(row, 'wretr'),
        redispatches: number(row, 'wredis'),
        connectionErrors: number(row, 'econ'),
        responseErrors: number(row, 'eresp'),
        http5xx: number(row, 'hrsp_5xx'),
      }));
  };

  const haproxy: Haproxy = {
    origin: `http://127.0.0.1:${port}`,
    stats,
    async waitForStatus(server, status, timeoutMs = 60_000) {
      const started = performance.now();
      while (performance.now() - started < timeoutMs) {
        const line = (await stats().catch(() => [])).find((s) => s.name === server);
        if (line?.status.startsWith(status)) return performance.now() - started;
        await delay(50);
      }
      throw new Error(`HAProxy did not see ${server} ${status} within ${timeoutMs} ms:\n${output}`);
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  // Listening, with every instance up (they were ready before HAProxy started).
  try {
    for (const backend of backends) await haproxy.waitForStatus(backend.name, 'UP', 30_000);
  } catch (error) {
    await haproxy.stop();
    throw error;
  }
  return haproxy;
}
