/** The results document (bench/results.json) and its table rendering for the terminal. */
import type { DatabaseKind } from './database';
import type { LoadResult } from './load';
import type { PageWeight } from './page-weight';
import type { Machine } from './harness';
import type { RatioGoal, ScenarioAuth } from './scenarios';

export interface ScenarioResult {
  name: string;
  path: string;
  auth: ScenarioAuth;
  /** Responses per second over all rounds; stddev, min and max of the rounds' rates. */
  requestsPerSecond: LoadResult['requestsPerSecond'];
  /** Each round's rate. */
  roundsRequestsPerSecond: number[];
  /** Mean requests/s divided by the baseline scenario's mean requests/s of the same run. */
  ratioToBaseline: number | null;
  requestsTotal: number;
  latencyMs: LoadResult['latencyMs'];
  bytesPerSecond: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  /** Pages only (null for resource routes such as /healthz). */
  pageWeight: PageWeight | null;
}

export interface RatioResult extends RatioGoal {
  /** Mean requests/s of `scenario` divided by that of `of`. */
  ratio: number;
  /** The lowest and highest ratio of a single round. */
  perRound: { min: number; max: number };
  met: boolean;
}

export interface BenchResults extends Machine {
  /** 1, 5 and 15 minute load averages before the build and at the end: other work on the machine skews results. */
  loadAverage: { start: number[]; end: number[] };
  database: DatabaseKind;
  durationSeconds: number;
  rounds: number;
  warmupSeconds: number;
  primeSeconds: number;
  connections: number;
  baseline: string;
  htmlGzipBudgetBytes: number;
  jsGzipBudgetBytes: number;
  /** False when any scenario had errors, timeouts, non-2xx responses, a failed page check or a page over a budget. */
  ok: boolean;
  failures: string[];
  /** The throughput goals of bench/scenarios.ts (reported, not part of `ok`). */
  ratios: RatioResult[];
  scenarios: ScenarioResult[];
}

type Align = 'left' | 'right';

export function formatTable(columns: readonly { title: string; align?: Align }[], rows: readonly string[][]): string {
  const widths = columns.map((column, i) => Math.max(column.title.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    columns
      .map((column, i) => {
        const cell = cells[i] ?? '';
        const width = widths[i] ?? 0;
        return column.align === 'right' ? cell.padStart(width) : cell.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [line(columns.map((column) => column.title)), rule, ...rows.map(line)].join('\n');
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const fixed = (value: number, digits: number) => value.toFixed(digits);

export function renderReport(results: BenchResults): string {
  const commit = results.git.commit ? results.git.commit.slice(0, 10) : 'unknown commit';
  const header = [
    `Patient portal benchmark  ${results.date}`,
    `commit ${commit}${results.git.dirty ? ' (uncommitted changes)' : ''} · node ${results.node} · ` + `${results.cpu.count} × ${results.cpu.model}`,
    `database ${results.database} · ${results.durationSeconds} s per scenario in ${results.rounds} interleaved rounds ` +
      `after ${results.warmupSeconds} s warm-up (server primed ${results.primeSeconds} s per scenario) · ${results.connections} connections`,
    `load average (1 5 15 min) at start ${results.loadAverage.start.join(' ')}, at end ${results.loadAverage.end.join(' ')}`,
  ].join('\n');

  const load = formatTable(
    [
      { title: 'scenario' },
      { title: 'auth' },
      { title: 'req/s', align: 'right' },
      { title: 'rounds', align: 'right' },
      { title: `× ${results.baseline}`, align: 'right' },
      { title: 'p50 ms', align: 'right' },
      { title: 'p95 ms', align: 'right' },
      { title: 'p99 ms', align: 'right' },
      { title: 'requests', align: 'right' },
      { title: 'non-2xx', align: 'right' },
      { title: 'errors', align: 'right' },
    ],
    results.scenarios.map((s) => [
      s.name,
      s.auth,
      fixed(s.requestsPerSecond.mean, 1),
      s.roundsRequestsPerSecond.map((rate) => fixed(rate, 0)).join(' '),
      s.ratioToBaseline === null ? '–' : fixed(s.ratioToBaseline, 2),
      fixed(s.latencyMs.p50, 1),
      fixed(s.latencyMs.p95, 1),
      fixed(s.latencyMs.p99, 1),
      String(s.requestsTotal),
      String(s.non2xx),
      String(s.errors + s.timeouts),
    ]),
  );

  const pages = results.scenarios.flatMap((s) => (s.pageWeight ? [{ ...s, pageWeight: s.pageWeight }] : []));
  const weight = formatTable(
    [
      { title: 'scenario' },
      { title: 'path' },
      { title: 'HTML', align: 'right' },
      { title: 'HTML gz', align: 'right' },
      { title: `≤ ${kb(results.htmlGzipBudgetBytes)}` },
      { title: 'kind' },
      { title: 'JS files gz', align: 'right' },
      { title: 'files', align: 'right' },
      { title: 'inline gz', align: 'right' },
      { title: 'JS budget' },
      { title: 'CSS gz', align: 'right' },
      { title: 'CSS files', align: 'right' },
    ],
    pages.map(({ name, path, pageWeight: w }) => [
      name,
      path,
      kb(w.htmlBytes),
      kb(w.htmlGzipBytes),
      w.overBudget ? `OVER by ${kb(w.htmlGzipBytes - w.budgetBytes)}` : 'ok',
      w.plain ? 'plain' : 'hydrated',
      kb(w.js.gzipBytes),
      String(w.js.count),
      kb(w.inlineJs.gzipBytes),
      w.jsOverBudget ? `OVER ${kb(w.jsBudgetBytes)}` : `≤ ${kb(w.jsBudgetBytes)} ok`,
      kb(w.css.gzipBytes),
      String(w.css.count),
    ]),
  );

  const ratioTable = formatTable(
    [
      { title: 'throughput ratio' },
      { title: 'measured', align: 'right' },
      { title: 'rounds', align: 'right' },
      { title: 'goal', align: 'right' },
      { title: '' },
    ],
    results.ratios.map((r) => [
      `${r.scenario} / ${r.of}`,
      `${fixed(r.ratio, 2)}×`,
      `${fixed(r.perRound.min, 2)}–${fixed(r.perRound.max, 2)}`,
      `≥ ${fixed(r.atLeast, 2)}×`,
      r.met ? 'met' : 'MISSED',
    ]),
  );

  const verdict = results.ok
    ? 'OK: no errors, every page within its budgets'
    : `FAILED (${results.failures.length})\n${results.failures.map((failure) => `  - ${failure}`).join('\n')}`;
  return [header, '', 'Throughput and latency', load, '', ratioTable, '', 'Page weight (gzip level 9)', weight, '', verdict].join('\n');
}
