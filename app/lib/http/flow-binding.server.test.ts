import { describe, expect, it } from 'vitest';
import { randomToken, sha256 } from '~/lib/crypto.server';
import { flowBindingMatches } from '~/services/auth/flow-binding.server';
import { bindFlowToBrowser, clearFlowBinding, readFlowBinding } from './flow-binding.server';

/** A request carrying the cookies a Set-Cookie header set. */
function requestWith(setCookie?: string): Request {
  const headers = new Headers();
  if (setCookie) headers.set('Cookie', setCookie.split(';')[0]!);
  return new Request('http://portal.test/oauth/callback', { headers });
}

describe('flow binding', () => {
  it('gives a fresh browser a new random binding in an HttpOnly, Lax, short-lived cookie', async () => {
    const first = await bindFlowToBrowser(requestWith());
    const second = await bindFlowToBrowser(requestWith());
    expect(first.bindingHash).not.toBe(second.bindingHash);
    expect(first.setCookie).toMatch(/HttpOnly/);
    expect(first.setCookie).toMatch(/SameSite=Lax/);
    expect(first.setCookie).toMatch(/Max-Age=600/);
    expect(first.setCookie).toMatch(/Path=\//);
  });

  it('reads back the value the cookie set, and it matches only its own hash', async () => {
    const { bindingHash, setCookie } = await bindFlowToBrowser(requestWith());
    const binding = await readFlowBinding(requestWith(setCookie));
    expect(binding).not.toBeNull();
    expect(sha256(binding!)).toBe(bindingHash);
    expect(flowBindingMatches(binding, bindingHash)).toBe(true);
    expect(flowBindingMatches(randomToken(), bindingHash)).toBe(false);
    expect(flowBindingMatches(null, bindingHash)).toBe(false);
  });

  it('reuses the browser binding for a second flow, so two tabs both complete', async () => {
    const first = await bindFlowToBrowser(requestWith());
    const second = await bindFlowToBrowser(requestWith(first.setCookie));
    expect(second.bindingHash).toBe(first.bindingHash);
  });

  it('ignores a malformed or cleared cookie', async () => {
    expect(await readFlowBinding(requestWith('portal_flow=not-base64-json'))).toBeNull();
    expect(await readFlowBinding(requestWith(await clearFlowBinding()))).toBeNull();
    expect(await clearFlowBinding()).toMatch(/Max-Age=0/);
  });
});
