/**
 * Accessibility feedback (issue 23, ADR 0032): stored as sent; an address given gets an
 * acknowledgement e-mail in the outbox (the page's brand and language, none of the sender's
 * text), at most a few a day per address; the staff list pages newest first.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessibilityFeedback, outbox } from '~db/schema';
import { ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY, listFeedback, submitFeedback } from '~/services/shell/accessibility-feedback.server';
import { databaseKinds, withTestDatabase } from '../../fixtures/db';
import { clock } from '../../fixtures/clock';

const SECRET_TEXT = 'Ruudunlukija ei lue laskun summaa <b>lainkaan</b>';

describe.each(databaseKinds())('accessibility feedback on %s', (kind) => {
  const t = withTestDatabase(kind);

  it('stores feedback without an address and sends nothing', async () => {
    const before = await t.db.select().from(outbox);
    const result = await submitFeedback(t.db, { location: 'Laskut', description: SECRET_TEXT, brand: 'general', language: 'fi' });
    expect(result.acknowledged).toBe(false);
    const [row] = await t.db.select().from(accessibilityFeedback).where(eq(accessibilityFeedback.id, result.id));
    expect(row).toMatchObject({ location: 'Laskut', description: SECRET_TEXT, email: null, acknowledgementId: null, brand: 'general', language: 'fi' });
    expect(await t.db.select().from(outbox)).toHaveLength(before.length);
  });

  it('acknowledges by e-mail in the page’s brand and language, without the sender’s text', async () => {
    const result = await submitFeedback(t.db, {
      location: 'Ajanvaraus',
      description: SECRET_TEXT,
      email: 'lahettaja@example.fi',
      brand: 'children',
      language: 'sv',
    });
    expect(result.acknowledged).toBe(true);
    const [row] = await t.db.select().from(accessibilityFeedback).where(eq(accessibilityFeedback.id, result.id));
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.id, row!.acknowledgementId!));
    expect(mail).toMatchObject({ channel: 'email', kind: 'notice', brand: 'children', language: 'sv', recipient: 'lahettaja@example.fi', state: 'queued' });
    expect(mail!.subject).toContain('respons om tillgängligheten');
    expect(mail!.body).toContain('14 dagar');
    expect(`${mail!.subject} ${mail!.body}`).not.toContain('Ruudunlukija');
    expect(`${mail!.subject} ${mail!.body}`).not.toContain('Ajanvaraus');
  });

  it('sends an address only a few acknowledgements a day, but keeps every feedback', async () => {
    const email = 'tulva@example.fi';
    const results = [];
    for (let i = 0; i < ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY + 2; i++) {
      results.push(await submitFeedback(t.db, { location: `Sivu ${i}`, description: 'Ongelma', email: email.toUpperCase(), brand: 'general', language: 'en' }));
    }
    expect(results.map((r) => r.acknowledged)).toEqual([...Array(ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY).fill(true), false, false]);
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, email.toUpperCase()));
    expect(mails).toHaveLength(ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY);
    const stored = await t.db.select().from(accessibilityFeedback).where(eq(accessibilityFeedback.email, email.toUpperCase()));
    expect(stored).toHaveLength(ACKNOWLEDGEMENTS_PER_ADDRESS_PER_DAY + 2);
  });

  it('counts the spellings of one mailbox together: +tags, case and Gmail’s dots share the limit', async () => {
    const variants = ['Virta+1@example.fi', 'virta+2@Example.fi', ' VIRTA@example.fi', 'virta+palaute@example.fi.'];
    const results = [];
    for (const email of variants)
      results.push(await submitFeedback(t.db, { location: 'Etusivu', description: 'Ongelma', email, brand: 'general', language: 'fi' }));
    expect(results.map((r) => r.acknowledged)).toEqual([true, true, true, false]);
    const gmail = ['m.e.i.k.a@gmail.com', 'meika+1@googlemail.com', 'Mei.Ka@gmail.com', 'meika+2@gmail.com'];
    const fromGmail = [];
    for (const email of gmail)
      fromGmail.push(await submitFeedback(t.db, { location: 'Etusivu', description: 'Ongelma', email, brand: 'general', language: 'fi' }));
    expect(fromGmail.map((r) => r.acknowledged)).toEqual([true, true, true, false]);
    // Dots are names elsewhere: another mailbox, its own count.
    expect(
      (await submitFeedback(t.db, { location: 'Etusivu', description: 'Ongelma', email: 'vir.ta@example.fi', brand: 'general', language: 'fi' })).acknowledged,
    ).toBe(true);
    // The acknowledgement goes to the address as typed.
    const mails = await t.db.select().from(outbox).where(eq(outbox.recipient, 'Virta+1@example.fi'));
    expect(mails).toHaveLength(1);
  });

  it('lists newest first, a page at a time', async () => {
    const base = clock.nowMs() + 60 * 60_000;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push((await submitFeedback(t.db, { location: `Järjestys ${i}`, description: 'x', brand: 'general', language: 'fi' }, new Date(base + i * 1000))).id);
    }
    const first = await listFeedback(t.db, 1, 2);
    expect(first.items.map((r) => r.id)).toEqual([ids[4], ids[3]]);
    expect(first.hasNext).toBe(true);
    const second = await listFeedback(t.db, 2, 2);
    expect(second.items.map((r) => r.id)).toEqual([ids[2], ids[1]]);
    // A page out of range or malformed: the first page or an empty one, never an error.
    expect((await listFeedback(t.db, Number.NaN, 2)).page).toBe(1);
    expect((await listFeedback(t.db, 10_000, 2)).items).toEqual([]);
  });
});
