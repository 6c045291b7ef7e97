import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { encodeAnonymousCode } from '~/models/appointments/anonymous-code';
import { createLogger, scrub } from './logger.server';
import { scrubText } from './scrub-rules';

/** The project's logger writing its lines to memory. */
function memoryLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger(destination, 'debug'), lines };
}

describe('log scrubbing', () => {
  it('masks identity codes of every century, phone numbers and e-mail addresses', () => {
    const text = scrubText('user 150385-9024 and 120518A905L and 020779-913S, tel +358 40 123 4567, 0401234567, a.b@example.fi');
    expect(text).not.toMatch(/150385|120518|020779|4567|a\.b@/);
    expect(text).toContain('[identity-code]');
    expect(text).toContain('[phone]');
    expect(text).toContain('[email]');
  });

  it('scrubs nested objects and errors', () => {
    const out = JSON.stringify(scrub({ a: { b: ['030911A914H'] }, err: new Error('bad 280270-9479') }));
    expect(out).not.toContain('030911A914H');
    expect(out).not.toContain('280270-9479');
  });

  it('cuts the query strings of URLs and paths in any string', () => {
    expect(scrubText('GET https://oma.example.fi/fi/haku?q=masennus#x failed')).toBe('GET https://oma.example.fi/fi/haku failed');
    expect(scrubText('/fi/viestit?text=masennus')).toBe('/fi/viestit');
    expect(scrubText('path "/fi/x?y=1" and a question? yes')).toBe('path "/fi/x" and a question? yes');
  });

  it('logs an error without its message, wherever it sits', () => {
    const out = JSON.stringify(scrub({ err: new Error('Failed query: params: masennus'), list: [new TypeError('masennus')] }));
    expect(out).not.toContain('masennus');
    expect(out).toContain('"type":"TypeError"');
    // A library's plain error object is one too.
    expect(
      JSON.stringify(scrub({ reason: { name: 'DatabaseError', message: 'masennus', stack: 'DatabaseError: masennus\n    at x (y:1:1)', code: '22021' } })),
    ).toBe('{"reason":{"type":"DatabaseError","code":"22021","stack":"at x (y:1:1)"}}');
  });

  it("masks bearer codes in logged paths and URLs with the error reports' patterns", () => {
    const link = encodeAnonymousCode(41, 'q8JzW2xK7mNp4RtV9bYc3LdF6hGs1AeU');
    const offer = encodeAnonymousCode(907, 'Zr5Tn8Wq2Lk6Vx9Bm4Hc7Jp3Gd1Fs0Ay');
    const { logger, lines } = memoryLogger();
    logger.warn({ reason: 'missing token', path: `/fi/varaus/${link}` }, 'csrf check failed');
    logger.warn({ path: `/SV/BOKNING/${link}/byt-tid`, url: `https://oma.example.fi/en/earlier-time/${offer}?x=1` }, 'request refused');
    logger.error(
      { err: new Error(`no appointment for /fi/aikaisempi-aika/${offer}`), path: `/files/messages/a.b.${link}` },
      `unhandled error at /fi/varaus/${link}`,
    );
    const text = lines.join('\n');
    expect(text).not.toContain(link);
    expect(text).not.toContain(offer);
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(records[0]).toMatchObject({ path: '/fi/varaus/[code]', msg: 'csrf check failed' });
    // The link's former change-time address (gone: moving needs the login, issue 39) by the long-segment rule.
    expect(records[1]).toMatchObject({ path: '/SV/BOKNING/[token]/byt-tid', url: 'https://oma.example.fi/en/earlier-time/[code]' });
    expect(records[2]).toMatchObject({ path: '/files/messages/[token]', msg: 'unhandled error at /fi/varaus/[code]' });
  });
});
