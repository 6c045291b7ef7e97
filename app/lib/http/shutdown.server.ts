/**
 * Graceful stop of an instance on SIGTERM/SIGINT (ADR 0039):
 *
 * 1. The instance is `stopping` (app/lib/http/lifecycle.server.ts): `/readyz` answers 503, and
 *    every response from now on says `Connection: close`. With `drainMs`, it goes on accepting
 *    requests that long, so a balancer that only watches /readyz takes it out first.
 * 2. The listener closes: new connections are refused (a load balancer retries them elsewhere).
 *    Idle keep-alive connections are closed at once; a connection with a request in flight is
 *    closed after that response (`Connection: close` when its headers are still to be written,
 *    otherwise ended after the response's last byte).
 * 3. In-flight requests finish, for at most `timeoutMs`; then the connections still open are
 *    destroyed (logged with their number).
 * 4. The registered steps run in order (job workers, e-mail, the database pool), each awaited;
 *    a failing step is logged and the others still run.
 * 5. The process exits 0 (1 when a step failed).
 *
 * A second SIGTERM while stopping is ignored (the stop is bounded anyway); a second SIGINT
 * (Ctrl-C twice) exits at once with 130.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { setLifecycleState } from './lifecycle.server';

export interface ShutdownLogger {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface GracefulShutdown {
  /** Adds a step run after the HTTP requests finished (in the order added). */
  onStop(name: string, step: () => Promise<unknown> | unknown): void;
  /** Requests currently being answered. */
  inFlight(): number;
  /** Starts the stop (as a signal would); resolves with the exit code instead of exiting when `exit` is false. */
  stop(reason: string, options?: { exit?: boolean }): Promise<number>;
}

interface Options {
  /** Longest wait for in-flight requests. */
  timeoutMs: number;
  /** How long to go on accepting (with /readyz 503) before the listener closes. */
  drainMs?: number;
  logger: ShutdownLogger;
  /** A line for the operator's console when the process has stopped. */
  say?: (line: string) => void;
  /** Install SIGTERM/SIGINT handlers (default true). */
  signals?: boolean;
}

/** Tracks the server's connections and requests, and stops it gracefully on SIGTERM/SIGINT. */
export function gracefulShutdown(server: Server, options: Options): GracefulShutdown {
  /** Every open connection and how many of its requests are being answered. */
  const connections = new Map<Socket, number>();
  const responses = new Set<ServerResponse>();
  const steps: { name: string; step: () => Promise<unknown> | unknown }[] = [];
  let stopping: Promise<number> | null = null;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, 0);
    socket.once('close', () => connections.delete(socket));
  });
  // First among the request listeners, so the header is set before the app writes anything.
  server.prependListener('request', (req, res: ServerResponse) => {
    const socket = req.socket;
    connections.set(socket, (connections.get(socket) ?? 0) + 1);
    responses.add(res);
    if (stopping) res.setHeader('Connection', 'close');
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      responses.delete(res);
      const left = (connections.get(socket) ?? 1) - 1;
      connections.set(socket, left);
      // Its response is out: the connection is not reused (ended after the bytes are flushed).
      if (stopping && left === 0 && !socket.destroyed) socket.end();
    };
    res.once('finish', finished);
    res.once('close', finished);
  });

  const drainHttp = async (): Promise<{ forced: number }> => {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    for (const res of responses) if (!res.headersSent) res.setHeader('Connection', 'close');
    for (const [socket, active] of connections) if (active === 0) socket.destroy();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
    });
    const outcome = await Promise.race([closed, timedOut]);
    clearTimeout(timer);
    if (outcome !== 'timeout') return { forced: 0 };
    const forced = responses.size;
    for (const socket of connections.keys()) socket.destroy();
    server.closeAllConnections();
    await closed;
    return { forced };
  };

  const run = async (reason: string): Promise<number> => {
    const startedAt = performance.now();
    setLifecycleState('stopping');
    const drainMs = options.drainMs ?? 0;
    options.logger.info({ reason, inFlight: responses.size, drainMs }, 'stopping: /readyz 503, then no new connections, finishing requests in flight');
    if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
    const { forced } = await drainHttp();
    if (forced > 0) {
      options.logger.warn({ forced, timeoutMs: options.timeoutMs }, 'shutdown timeout: requests still in flight were cut off');
    }
    let code = 0;
    for (const { name, step } of steps) {
      try {
        await step();
      } catch (error) {
        code = 1;
        options.logger.error({ err: error, step: name }, 'shutdown step failed');
      }
    }
    const ms = Math.round(performance.now() - startedAt);
    options.logger.info({ reason, ms }, 'stopped');
    options.say?.(`Stopped (${reason}) in ${ms} ms${forced > 0 ? `, ${forced} requests cut off at the ${options.timeoutMs} ms limit` : ''}.\n`);
    return code;
  };

  const shutdown: GracefulShutdown = {
    onStop(name, step) {
      steps.push({ name, step });
    },
    inFlight: () => responses.size,
    stop(reason, { exit = true } = {}) {
      stopping ??= run(reason).then((code) => {
        if (exit) process.exit(code);
        return code;
      });
      return stopping;
    },
  };

  if (options.signals !== false) {
    process.on('SIGTERM', () => {
      if (stopping) options.logger.info({}, 'SIGTERM again: already stopping');
      void shutdown.stop('SIGTERM');
    });
    process.on('SIGINT', () => {
      if (stopping) process.exit(130);
      void shutdown.stop('SIGINT');
    });
  }
  return shutdown;
}
