/** One autocannon run, reduced to the numbers the benchmark reports. */
import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  durationSeconds: number;
}

export interface LoadResult {
  /** Per-second samples of completed requests. */
  requestsPerSecond: { mean: number; stddev: number; min: number; max: number };
  requestsTotal: number;
  /** Response times of every response (not only 2xx), in milliseconds. */
  latencyMs: { mean: number; p50: number; p95: number; p99: number; max: number };
  /** Mean response bytes per second (as sent over the wire, i.e. compressed). */
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

/** Nearest-rank percentile of ascending-sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const responseTimes: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: 'GET',
        headers: options.headers,
        connections: options.connections,
        duration: options.durationSeconds,
      },
      (error: unknown, outcome) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(outcome)),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => responseTimes.push(responseTime));
  });

  responseTimes.sort((a, b) => a - b);
  const total = responseTimes.reduce((sum, time) => sum + time, 0);
  const statusCodes = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]),
  );
  return {
    requestsPerSecond: {
      mean: result.requests.mean,
      stddev: result.requests.stddev,
      min: result.requests.min,
      max: result.requests.max,
    },
    requestsTotal: result.requests.total,
    latencyMs: {
      mean: round(responseTimes.length ? total / responseTimes.length : 0),
      p50: round(percentile(responseTimes, 50)),
      p95: round(percentile(responseTimes, 95)),
      p99: round(percentile(responseTimes, 99)),
      max: round(responseTimes.at(-1) ?? 0),
    },
    bytesPerSecond: result.throughput.mean,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
  };
}
