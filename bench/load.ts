/**
 * One autocannon run, reduced to the numbers the benchmarks report. Every benchmark script
 * loads the server through this function: a fixed URL for a time (bench/run.ts), rotating
 * paths (bench/scale.ts) or a fixed number of distinct POSTs (bench/reserve.ts).
 */
import autocannon from 'autocannon';

export interface LoadOptions {
  /** The URL requested, or the origin when `requests` set the paths. */
  url: string;
  headers?: Record<string, string>;
  connections: number;
  /** Run for this long… */
  durationSeconds?: number;
  /** …or until this many requests are answered. */
  amount?: number;
  /** autocannon request definitions (setupRequest / onResponse), for varying requests. */
  requests?: autocannon.Request[];
}

/** The response times of a run, to merge several runs into one distribution. */
export interface LoadSample {
  responseTimesMs: number[];
}

export interface LoadResult {
  /** Per-second samples of completed requests. */
  requestsPerSecond: { mean: number; stddev: number; min: number; max: number };
  /** Responses divided by the wall-clock time of the run (for runs of a fixed amount). */
  overallRequestsPerSecond: number;
  requestsTotal: number;
  elapsedSeconds: number;
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
function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export interface Distribution {
  mean: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  n: number;
}

/** Mean, nearest-rank percentiles and maximum of some values (any order), rounded to 0.01. */
export function distribution(values: readonly number[]): Distribution {
  const sorted = [...values].sort((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    mean: round(sorted.length ? total / sorted.length : 0),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
    n: sorted.length,
  };
}

export async function runLoad(options: LoadOptions): Promise<LoadResult & LoadSample> {
  if ((options.durationSeconds === undefined) === (options.amount === undefined)) {
    throw new Error('runLoad: give either durationSeconds or amount');
  }
  const responseTimes: number[] = [];
  const started = performance.now();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: options.url,
        method: 'GET',
        headers: options.headers ?? {},
        connections: options.connections,
        ...(options.durationSeconds !== undefined ? { duration: options.durationSeconds } : { amount: options.amount }),
        ...(options.requests ? { requests: options.requests } : {}),
      },
      (error: unknown, outcome) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(outcome)),
    );
    instance.on('response', (_client, _statusCode, _bytes, responseTime) => responseTimes.push(responseTime));
  });
  const elapsedSeconds = (performance.now() - started) / 1000;

  const { n: _n, ...latencyMs } = distribution(responseTimes);
  const statusCodes = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([code, stats]) => [code, stats.count ?? 0]));
  return {
    requestsPerSecond: {
      mean: result.requests.mean,
      stddev: result.requests.stddev,
      min: result.requests.min,
      max: result.requests.max,
    },
    overallRequestsPerSecond: round(responseTimes.length / elapsedSeconds, 1),
    requestsTotal: result.requests.total,
    elapsedSeconds: round(elapsedSeconds, 1),
    latencyMs,
    bytesPerSecond: result.throughput.mean,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    responseTimesMs: responseTimes,
  };
}
