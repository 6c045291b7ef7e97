/**
 * Demo invoices (issue 12): Aino has one of each kind the invoices page shows (an open invoice
 * payable online, an overdue one, a paid receipt, a paper invoice, a refunded one and one not
 * available online) plus older receipts, so the list has two pages; Laura has an open invoice
 * for Eino's visit. Numbers are fixed so the README and the tests can name them.
 */
import type { Db } from './client';
import { createInvoice, localized } from './factories';
import type { Person } from './factories';
import { helsinkiDate } from '../app/lib/dates';

export const DEMO_INVOICES = {
  ainoOpen: '2026001',
  ainoOverdue: '2026002',
  ainoPaid: '2026003',
  ainoPaper: '2026004',
  ainoRefunded: '2026005',
  ainoNotAvailable: '2026006',
  einoOpen: '2026010',
} as const;

const DAY = 86_400_000;
const visit = localized('Yleislääkärin vastaanotto', 'Allmänläkarmottagning', 'General practitioner visit');
const fee = localized('Toimistomaksu', 'Expeditionsavgift', 'Office fee');
const lab = localized('Laboratoriotutkimus', 'Laboratorieundersökning', 'Laboratory test');
const child = localized('Lastenlääkärin vastaanotto', 'Barnläkarmottagning', 'Paediatrician visit');

const day = (date: Date) => helsinkiDate(date);

export async function seedInvoices(db: Db, people: { aino: Person; eino: Person; laura: Person }, now: Date) {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const rows = (date: Date, lines: [typeof visit, number][]) =>
    lines.map(([description, cents]) => ({ description, count: 1, unitPriceCents: cents, date: day(date), vatPermille: 0 }));
  const aino = people.aino.id;

  await createInvoice(db, {
    invoiceNumber: DEMO_INVOICES.ainoOpen,
    personId: aino,
    source: 'CustomerInvoice',
    status: 'open',
    description: visit,
    creationDate: ago(1),
    rows: rows(ago(1), [
      [visit, 6500],
      [fee, 1290],
    ]),
  });
  await createInvoice(db, {
    invoiceNumber: DEMO_INVOICES.ainoOverdue,
    personId: aino,
    source: 'GoodSignInvoice',
    status: 'overdue',
    description: lab,
    creationDate: ago(40),
    dueDate: day(ago(26)),
    deliveryMethod: 'Paper',
    rows: rows(ago(40), [[lab, 3450]]),
  });
  await createInvoice(db, {
    invoiceNumber: DEMO_INVOICES.ainoPaid,
    personId: aino,
    source: 'CustomerInvoice',
    status: 'paid',
    description: visit,
    creationDate: ago(20),
    paidAt: ago(19),
    rows: rows(ago(20), [
      [visit, 6500],
      [fee, 1290],
    ]),
  });
  await createInvoice(db, {
    invoiceNumber: DEMO_INVOICES.ainoPaper,
    personId: aino,
    source: 'GoodSignInvoice',
    status: 'paper',
    description: visit,
    creationDate: ago(10),
    deliveryMethod: 'Paper',
    rows: rows(ago(10), [[visit, 8900]]),
  });
  await createInvoice(db, {
    invoiceNumber: DEMO_INVOICES.ainoRefunded,
    personId: aino,
    source: 'NetsuiteInvoice',
    status: 'refunded',
    description: lab,
    creationDate: ago(60),
    creditedInvoiceNumbers: '2025990',
    rows: rows(ago(60), [[lab, 2900]]),
  });
  await createInvoice(db, {
    invoiceNumber: DEMO_INVOICES.ainoNotAvailable,
    personId: aino,
    source: 'GoodSignInvoice',
    status: 'notAvailable',
    description: visit,
    creationDate: ago(5),
    hasPdf: false,
    rows: rows(ago(5), [[visit, 4500]]),
  });
  // Older receipts: the list's second page.
  for (let i = 0; i < 8; i++) {
    const created = ago(90 + i * 30);
    await createInvoice(db, {
      invoiceNumber: String(2025101 + i),
      personId: aino,
      source: 'CustomerInvoice',
      status: 'paid',
      description: visit,
      creationDate: created,
      paidAt: new Date(created.getTime() + DAY),
      rows: rows(created, [
        [visit, 5900 + i * 100],
        [fee, 1290],
      ]),
    });
  }

  await createInvoice(db, {
    invoiceNumber: DEMO_INVOICES.einoOpen,
    personId: people.eino.id,
    source: 'CustomerInvoice',
    status: 'open',
    description: child,
    creationDate: ago(1),
    buyerName: `${people.laura.firstName} ${people.laura.lastName}`,
    rows: rows(ago(1), [
      [child, 7200],
      [fee, 1290],
    ]),
  });
}
