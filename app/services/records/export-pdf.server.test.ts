import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { textsIn } from '~/i18n/i18n.server';
import type { ExportPatient, ExportSources, ExportVaccination } from '~/models/records/export';
import { flattenTags, readPdf } from '../../../tests/fixtures/pdf-text';
import { exportPdfStream } from './export-pdf.server';

const patient: ExportPatient = { id: 'p', firstName: 'Åsa', lastName: 'Öhman', birthDate: '1990-02-01', identityCode: '010290-123A', language: 'sv' };

/** Sources with no records but an endless run of vaccinations, counting the batches read. */
function endless() {
  const counter = { batches: 0 };
  const none = async function* <T>(): AsyncGenerator<T[]> {};
  const vaccinations = async function* (): AsyncGenerator<ExportVaccination[]> {
    for (;;) {
      counter.batches++;
      yield Array.from({ length: 50 }, (_, i) => ({
        id: i,
        name: `Rokote ${counter.batches}-${i}`,
        date: '2026-01-01',
        practitionerName: 'Sari Laine',
        effectiveUntil: null,
      }));
    }
  };
  const sources: ExportSources = {
    appointments: none,
    visits: none,
    laboratory: none,
    imaging: none,
    prescriptions: none,
    vaccinations,
    certificates: none,
  };
  return { counter, sources };
}

async function settled(counter: { batches: number }) {
  let before = -1;
  while (before !== counter.batches) {
    before = counter.batches;
    await sleep(300);
  }
  return counter.batches;
}

describe('the streamed export PDF', () => {
  it('stops reading the records while nobody reads the PDF, and goes on when they do', async () => {
    const { counter, sources } = endless();
    // A small high-water mark keeps the test short: the same code waits at 64 KB in production.
    const stream = exportPdfStream({
      patient,
      sources,
      t: await textsIn('sv'),
      lang: 'sv',
      brandName: 'Kaari',
      now: new Date('2026-11-25T10:00:00Z'),
      highWaterBytes: 4096,
    });
    const stalled = await settled(counter);
    expect(stalled).toBeGreaterThan(0);
    expect(stalled).toBeLessThan(100);
    const reader = stream.getReader();
    let bytes = 0;
    while (bytes < 20_000) bytes += (await reader.read()).value!.byteLength;
    expect(counter.batches).toBeGreaterThan(stalled);
    await reader.cancel();
    const stopped = await settled(counter);
    await sleep(300);
    expect(counter.batches).toBe(stopped);
  }, 60_000);

  it('has a section heading for every section, empty ones saying so, with Swedish letters intact', async () => {
    const none = async function* <T>(): AsyncGenerator<T[]> {};
    const sources: ExportSources = {
      appointments: none,
      visits: none,
      laboratory: none,
      imaging: none,
      prescriptions: none,
      vaccinations: none,
      certificates: none,
    };
    const stream = exportPdfStream({ patient, sources, t: await textsIn('sv'), lang: 'sv', brandName: 'Kaari', now: new Date('2026-11-25T10:00:00Z') });
    const { text, fontsEmbedded } = readPdf(Buffer.from(await new Response(stream).arrayBuffer()));
    expect(fontsEmbedded).toBe(true);
    expect(text).toContain('Åsa Öhman');
    for (const heading of ['Tidsbokningar', 'Besök', 'Laboratorieresultat', 'Bildundersökningsresultat', 'Recept', 'Vaccinationer', 'Sjukledighetsintyg'])
      expect(text).toContain(heading);
    expect(text.split('\n').filter((line) => line === 'Inga anteckningar.')).toHaveLength(7);
  });

  it('is tagged over many pages: the title H1, a section per kind with its H2, an H3 per item, nothing untagged', async () => {
    const none = async function* <T>(): AsyncGenerator<T[]> {};
    const vaccinations = async function* (): AsyncGenerator<ExportVaccination[]> {
      for (let batch = 0; batch < 3; batch++) {
        yield Array.from({ length: 50 }, (_, i) => ({
          id: batch * 50 + i,
          name: `Rokote ${batch * 50 + i + 1}`,
          date: '2026-01-01',
          practitionerName: 'Sari Laine',
          effectiveUntil: null,
        }));
      }
    };
    const sources: ExportSources = { appointments: none, visits: none, laboratory: none, imaging: none, prescriptions: none, vaccinations, certificates: none };
    const stream = exportPdfStream({ patient, sources, t: await textsIn('sv'), lang: 'sv', brandName: 'Kaari', now: new Date('2026-11-25T10:00:00Z') });
    const { tags, pages } = readPdf(Buffer.from(await new Response(stream).arrayBuffer()));
    expect(pages).toBeGreaterThan(5);
    expect(tags).toMatchObject({ marked: true, lang: 'sv', displayDocTitle: true, pdfUaPart: 1 });
    expect(tags.untaggedTexts).toEqual([]);
    const all = flattenTags(tags.root);
    expect(all.filter((e) => e.type === 'H1').map((e) => e.text)).toEqual(['Hälsouppgifter']);
    const sections = all.filter((e) => e.type === 'Sect');
    expect(sections.map((e) => e.node.children[0]!.type)).toEqual(Array(7).fill('H2'));
    const vaccinationSection = sections.find((e) => e.node.children[0]!.text === 'Vaccinationer')!.node;
    const items = vaccinationSection.children.filter((c) => c.type === 'H3').map((c) => c.text);
    expect(items).toHaveLength(150);
    expect(items.at(-1)).toBe('Rokote 150');
  });
});
