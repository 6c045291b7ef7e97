import { describe, expect, it } from 'vitest';
import { textsIn } from '~/i18n/i18n.server';
import { flattenTags, readPdf } from '../../../tests/fixtures/pdf-text';
import { certificateFileName, certificatePdf } from './certificate-pdf.server';

type Row = Parameters<typeof certificatePdf>[0];

const row = {
  certificate: {
    id: 7,
    patientId: 'p',
    createdAt: new Date('2026-03-02T09:00:00Z'),
    startDate: '2026-03-02',
    endDate: '2026-03-06',
    diagnosisCode: 'J01.9',
    showDiagnosis: false,
    practitionerId: 'd1',
  },
  practitionerName: 'Sari Laine',
  practitionerTitle: { fi: 'Yleislääkäri', sv: 'Allmänläkare', en: 'General practitioner' },
  patientFirstName: 'Åsa',
  patientLastName: 'Öhman',
  identityCode: '010290-123A',
} as unknown as Row;

describe('the sick-leave certificate PDF', () => {
  it('downloads under a file name in its own language', async () => {
    expect(certificateFileName(row, await textsIn('fi'))).toBe('sairauslomatodistus-2026-03-02.pdf');
    expect(certificateFileName(row, await textsIn('sv'))).toBe('sjukledighetsintyg-2026-03-02.pdf');
    expect(certificateFileName(row, await textsIn('en'))).toBe('sick-leave-certificate-2026-03-02.pdf');
  });

  it('is tagged: the title a heading, each fact a list item of label and value, in Swedish', async () => {
    const { tags, text } = readPdf(await certificatePdf(row, await textsIn('sv'), 'sv', 'Kaari'));
    expect(tags).toMatchObject({ marked: true, lang: 'sv', displayDocTitle: true, xmpTitle: 'Sjukledighetsintyg', pdfUaPart: 1 });
    expect(tags.untaggedTexts).toEqual([]);
    const all = flattenTags(tags.root);
    expect(all.filter((e) => e.type === 'H1').map((e) => e.text)).toEqual(['Sjukledighetsintyg']);
    const items = all.filter((e) => e.type === 'LI').map((e) => e.node.children.map((c) => `${c.type}:${c.text}`));
    expect(items).toHaveLength(6);
    expect(items[0]).toEqual(['Lbl:Patient', 'LBody:Åsa Öhman']);
    expect(items[3]).toEqual(['Lbl:Diagnos', 'LBody:Visas inte på patientens begäran']);
    expect(text).not.toContain('J01.9');
  });
});
