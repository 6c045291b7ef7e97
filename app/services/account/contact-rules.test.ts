import { describe, expect, it } from 'vitest';
import { changedChannels, identifiedRecently } from './contact-rules';

const NOW = new Date('2026-12-05T12:00:00Z');
const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000);

describe('a contact change', () => {
  it('needs a bank or mobile-certificate identification within the window', () => {
    expect(identifiedRecently({ identityProvider: 'fi-op', authenticatedAt: minutesAgo(15) }, NOW, 15)).toBe(true);
    expect(identifiedRecently({ identityProvider: 'fi-op', authenticatedAt: new Date(minutesAgo(15).getTime() - 1) }, NOW, 15)).toBe(false);
    expect(identifiedRecently({ identityProvider: 'fi-mobiilivarmenne', authenticatedAt: minutesAgo(0) }, NOW, 15)).toBe(true);
    // A session resumed with an SMS code is never enough, however fresh.
    expect(identifiedRecently({ identityProvider: 'sms-code', authenticatedAt: minutesAgo(0) }, NOW, 15)).toBe(false);
    // An identification in the future (clock skew) is not taken on trust.
    expect(identifiedRecently({ identityProvider: 'fi-op', authenticatedAt: minutesAgo(-1) }, NOW, 15)).toBe(false);
  });

  it('touches the phone when the stored number differs, the e-mail when the mailbox does', () => {
    const before = { phone: '+358401234567', email: 'Aino@Example.fi' };
    expect(changedChannels(before, { phone: '+358401234567', email: 'aino@example.fi' })).toEqual({ phone: false, email: false });
    expect(changedChannels(before, { phone: '+358407654321', email: 'aino@example.fi' })).toEqual({ phone: true, email: false });
    expect(changedChannels(before, { phone: '+358401234567', email: 'aino.v@example.fi' })).toEqual({ phone: false, email: true });
    expect(changedChannels({ phone: null, email: null }, { phone: '+358401234567', email: null })).toEqual({ phone: true, email: false });
  });
});
