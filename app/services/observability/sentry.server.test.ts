import { describe, expect, it } from 'vitest';
import { scrubEvent } from './sentry.server';

describe('error report scrubbing', () => {
  it('drops bodies, cookies, query strings and users, and masks identity codes', () => {
    const event = scrubEvent({
      type: undefined,
      message: 'failed for 150385-9024',
      request: {
        url: 'https://portal.example/fi/x?ssn=150385-9024',
        data: 'identityCode=150385-9024',
        cookies: { portal_session: 'secret' },
        headers: { cookie: 'portal_session=secret', 'user-agent': 'x' },
        query_string: 'ssn=150385-9024',
      },
      user: { id: '1' },
      exception: { values: [{ type: 'Error', value: 'bad 120518A905L' }] },
    });
    const text = JSON.stringify(event);
    expect(text).not.toMatch(/150385|120518A905L|secret/);
    expect(event.request?.url).toBe('https://portal.example/fi/x');
    expect(event.user).toBeUndefined();
  });

  it("masks phones, e-mails, the anonymous link's code and secret name=value pairs in the URL, transaction, tags and breadcrumbs", () => {
    const event = scrubEvent({
      type: undefined,
      transaction: 'GET /fi/varaus/Zx9kQ2wErTy7uIoP1aSdFgHj',
      request: { url: 'https://portal.example/fi/varaus/Zx9kQ2wErTy7uIoP1aSdFgHj?phone=0401234567', headers: { 'user-agent': 'x +358401234567' } },
      tags: { who: 'liisa@example.fi', phone: '040 123 4567' },
      breadcrumbs: [{ category: 'http', message: 'code=123456 for 0401234567', data: { url: 'https://x.example/fi/varaus/Zx9kQ2wErTy7uIoP1aSdFgHj?code=1' } }],
    });
    const text = JSON.stringify(event);
    expect(text).not.toMatch(/Zx9kQ2|0401234567|401234567|123 4567|liisa|123456/);
    expect(event.request?.url).toBe('https://portal.example/fi/varaus/[code]');
    expect(event.request?.headers).toEqual({ 'user-agent': 'x [phone]' });
    expect(event.transaction).toBe('GET /fi/varaus/[code]');
  });
});
