import { describe, expect, it } from 'vitest';
import { parseEnv } from '~/env.server';
import { addressForLimits, clientAddress } from './client-address.server';

/** The balancer's own address, as the portal's socket sees it. */
const BALANCER = '10.0.0.5';

describe('the client address behind TRUST_PROXY proxies', () => {
  it('is the connection’s address with no trusted proxy, whatever the client sends', () => {
    expect(clientAddress('203.0.113.10', undefined, 0)).toBe('203.0.113.10');
    expect(clientAddress('203.0.113.10', '198.51.100.1', 0)).toBe('203.0.113.10');
  });

  it('is the entry TRUST_PROXY hops from the right: what our nearest trusted proxy saw', () => {
    // The client forged two entries; our one proxy appended the address it saw.
    expect(clientAddress(BALANCER, '198.51.100.1, 192.0.2.1, 203.0.113.10', 1)).toBe('203.0.113.10');
    // Two proxies (an edge proxy, then the balancer): the edge proxy's entry is second from the right.
    expect(clientAddress(BALANCER, '198.51.100.1, 203.0.113.10, 10.0.1.7', 2)).toBe('203.0.113.10');
    // Node joins repeated headers with commas; an array is read the same way.
    expect(clientAddress(BALANCER, ['198.51.100.1', '203.0.113.10'], 1)).toBe('203.0.113.10');
  });

  it('falls back to what a trusted proxy wrote, never to a client’s word, when the header is short or not an address', () => {
    // Fewer entries than hops: the leftmost (Express's rule; written by a proxy of ours).
    expect(clientAddress(BALANCER, '203.0.113.10', 2)).toBe('203.0.113.10');
    // No header, or an empty one: the connection's address.
    expect(clientAddress(BALANCER, undefined, 1)).toBe(BALANCER);
    expect(clientAddress(BALANCER, ' , ', 1)).toBe(BALANCER);
    // An entry that is not an address (no proxy of ours writes one): the connection's address.
    expect(clientAddress(BALANCER, '203.0.113.10, unknown', 1)).toBe(BALANCER);
    expect(clientAddress(undefined, undefined, 0)).toBe('unknown');
  });

  it('counts an IPv6 client by its /64, whichever of its addresses it uses, and an IPv4-mapped one as IPv4', () => {
    const home = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:0DB8:0001:0002:1234:5678:9abc:def0', '2001:db8:1:2::a%eth0'];
    for (const address of home) expect(clientAddress(BALANCER, `198.51.100.1, ${address}`, 1), address).toBe('2001:db8:1:2::/64');
    expect(clientAddress(BALANCER, '2001:db8:1:3::1', 1)).toBe('2001:db8:1:3::/64');
    expect(clientAddress('2001:db8::7', undefined, 0)).toBe('2001:db8:0:0::/64');
    expect(clientAddress('::1', undefined, 0)).toBe('0:0:0:0::/64');
    // A dual-stack listener sees IPv4 clients as ::ffff:a.b.c.d.
    expect(clientAddress('::ffff:203.0.113.10', undefined, 0)).toBe('203.0.113.10');
    expect(addressForLimits('::ffff:cb00:710a')).toBe('203.0.113.10');
    expect(addressForLimits('64:ff9b::203.0.113.10')).toBe('64:ff9b:0:0::/64');
    expect(addressForLimits('203.0.113.10')).toBe('203.0.113.10');
  });
});

describe('TRUST_PROXY', () => {
  it('is the number of proxies in front, 0 by default', () => {
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(0);
    expect(parseEnv({ TRUST_PROXY: ' 1 ' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({ TRUST_PROXY: '10' }).TRUST_PROXY).toBe(10);
  });

  it('refuses true (every hop trusted), proxy addresses and anything else, naming the variable and what it takes', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'TRUE' })).toThrow(/TRUST_PROXY: "true" would trust every hop.*number of proxies.*e\.g\. 1/);
    for (const value of ['127.0.0.1', '10.0.0.0/8, loopback', 'loopback', 'fd00::/8']) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: proxy addresses are no longer accepted.*number of proxies/);
    }
    expect(() => parseEnv({ TRUST_PROXY: 'false' })).toThrow(/TRUST_PROXY: "false" is now 0/);
    for (const value of ['yes', '-1', '1.5', '11', '1e3', ',']) {
      expect(() => parseEnv({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY: .*must be the number of proxies/);
    }
  });
});
