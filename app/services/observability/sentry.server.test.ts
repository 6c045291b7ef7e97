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
});
