/**
 * The layer rules of eslint.config.js (docs/decisions/0027-layout-and-layers.md) fire: each
 * forbidden import direction, linted as a virtual file inside the tree, is reported by the exact
 * rule, and an allowed import next to it is not. One ESLint instance, no files written.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

const LAYERS = 'no-restricted-imports';
const CROSS_AREA = '@typescript-eslint/no-restricted-imports';

/** Lints `code` as if it were the file at `filePath` (relative to the repository). */
async function problems(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}`, warnIgnored: true });
  return result!.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }));
}

const valueImport = (from: string) => `import { thing } from '${from}';\nexport const used = thing;\n`;
const typeImport = (from: string) => `import type { Thing } from '${from}';\nexport type Used = Thing;\n`;

describe('forbidden directions are reported by the exact rule', () => {
  const cases: { name: string; file: string; code: string; rule: string; says: string }[] = [
    {
      name: 'service → component (even a type)',
      file: 'app/services/records/layers-probe.server.ts',
      code: typeImport('~/components/records/RecordFeed'),
      rule: LAYERS,
      says: 'import no components',
    },
    {
      name: 'service → route',
      file: 'app/services/records/layers-probe.server.ts',
      code: valueImport('~/routes/records/visits'),
      rule: LAYERS,
      says: 'nothing below them imports a route module',
    },
    {
      name: 'service → react-router',
      file: 'app/services/records/layers-probe.server.ts',
      code: valueImport('react-router'),
      rule: LAYERS,
      says: 'do not import the router',
    },
    {
      name: 'service → @react-router/*',
      file: 'app/services/records/layers-probe.server.ts',
      code: valueImport('@react-router/node'),
      rule: LAYERS,
      says: 'do not import the router',
    },
    {
      name: 'service → app/lib/http',
      file: 'app/services/records/layers-probe.server.ts',
      code: valueImport('~/lib/http/api.server'),
      rule: LAYERS,
      says: 'Services speak no HTTP',
    },
    {
      name: 'service *-rules → component',
      file: 'app/services/records/layers-probe-rules.ts',
      code: typeImport('~/components/records/RecordFeed'),
      rule: LAYERS,
      says: 'import no components',
    },
    {
      name: 'model → service',
      file: 'app/models/records/layers-probe.ts',
      code: valueImport('~/services/records/records-rules'),
      rule: LAYERS,
      says: 'Models sit below the services',
    },
    {
      name: 'model → component',
      file: 'app/models/records/layers-probe.ts',
      code: typeImport('~/components/records/RecordFeed'),
      rule: LAYERS,
      says: 'import no components',
    },
    {
      name: 'component → route',
      file: 'app/components/records/LayersProbe.tsx',
      code: valueImport('~/routes/records/visits'),
      rule: LAYERS,
      says: 'nothing below them imports a route module',
    },
    {
      name: 'component → service (not a *-rules module)',
      file: 'app/components/records/LayersProbe.tsx',
      code: valueImport('~/services/appointments/ics'),
      rule: LAYERS,
      says: 'Components get data from their route',
    },
    {
      name: 'service → another area not in the allow-list',
      file: 'app/services/records/layers-probe.server.ts',
      code: valueImport('~/services/billing/invoices.server'),
      rule: CROSS_AREA,
      says: 'CROSS_AREA_ALLOWED',
    },
    {
      name: 'platform service → a domain area not in the allow-list',
      file: 'app/services/outbox/layers-probe.server.ts',
      code: valueImport('~/services/booking/reservation.server'),
      rule: CROSS_AREA,
      says: 'CROSS_AREA_ALLOWED',
    },
    {
      name: 'service → another area by a relative path',
      file: 'app/services/records/layers-probe.server.ts',
      code: valueImport('../billing/invoices.server'),
      rule: CROSS_AREA,
      says: 'as ~/services/<area>/',
    },
    {
      name: 'db → service',
      file: 'db/layers-probe.ts',
      code: valueImport('../app/services/db/db.server'),
      rule: LAYERS,
      says: 'db/ imports no services',
    },
    {
      name: 'app → demo data',
      file: 'app/services/records/layers-probe.server.ts',
      code: valueImport('~db/seed'),
      rule: LAYERS,
      says: 'Demo data is for seeding only',
    },
  ];

  it.each(cases)('$name', async ({ file, code, rule, says }) => {
    const found = await problems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]!.ruleId).toBe(rule);
    expect(found[0]!.message).toContain(says);
  });
});

describe('the allowed imports next to them pass', () => {
  const cases: { name: string; file: string; code: string }[] = [
    { name: 'service → model', file: 'app/services/records/layers-probe.server.ts', code: typeImport('~/models/records/questionnaire') },
    { name: 'service → its own area', file: 'app/services/records/layers-probe.server.ts', code: valueImport('~/services/records/records-rules') },
    { name: 'service → database', file: 'app/services/records/layers-probe.server.ts', code: valueImport('~db/schema') },
    { name: 'service → platform service', file: 'app/services/records/layers-probe.server.ts', code: valueImport('~/services/audit/access-log.server') },
    {
      name: 'service → another area listed in CROSS_AREA_ALLOWED',
      file: 'app/services/records/layers-probe.server.ts',
      code: valueImport('~/services/messaging/threads.server'),
    },
    { name: 'model → model', file: 'app/models/records/layers-probe.ts', code: valueImport('~/models/identity-code') },
    { name: "component → a service's *-rules", file: 'app/components/records/LayersProbe.tsx', code: valueImport('~/services/records/records-rules') },
    { name: 'component → component', file: 'app/components/records/LayersProbe.tsx', code: valueImport('~/components/records/RecordFeed') },
    { name: 'route → service', file: 'app/routes/records/layers-probe.tsx', code: valueImport('~/services/records/records.server') },
    { name: 'db → db', file: 'db/layers-probe.ts', code: valueImport('./client') },
    { name: 'seed → demo data', file: 'db/layers-probe-seed.ts', code: valueImport('./seed-data') },
  ];

  it.each(cases)('$name', async ({ file, code }) => {
    expect(await problems(file, code)).toEqual([]);
  });
});
