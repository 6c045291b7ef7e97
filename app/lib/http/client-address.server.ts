/**
 * The client address every per-address limit counts (identification starts, anonymous posts,
 * check-in attempts, SMS codes, payment callbacks), ADR 0039.
 *
 * Which address: `TRUST_PROXY` is the number of proxies in front of the portal, each of which
 * appends the address its connection came from to X-Forwarded-For (HAProxy's `option
 * forwardfor`). The client is the entry that many hops from the right; 0 is the connection's own
 * address. Entries further left are whatever the client sent and never count. A header with
 * fewer entries than hops gives its leftmost entry (Express's rule for a hop count, which
 * server.ts also sets for `req.protocol`); an entry that is not an IP address, which no proxy of
 * ours writes, gives the connection's address.
 *
 * Counted by: an IPv4 address as it is (an IPv4-mapped IPv6 address, `::ffff:192.0.2.1`, as the
 * IPv4 address), an IPv6 address by its /64 network (`2001:db8:1:2::/64`): one subscriber, one
 * home or one server is given a whole /64 and picks any of its 2^64 addresses at will.
 */
import { isIP } from 'node:net';

export function clientAddress(socketAddress: string | undefined, forwardedFor: string | string[] | undefined, trustedHops: number): string {
  const socket = socketAddress ?? 'unknown';
  if (trustedHops === 0 || forwardedFor === undefined) return addressForLimits(socket);
  const entries = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return addressForLimits(socket);
  const entry = entries[Math.max(0, entries.length - trustedHops)]!;
  return addressForLimits(isIP(entry) === 0 ? socket : entry);
}

/** An address as the limits count it: IPv4 as is, IPv6 by its /64; anything else unchanged. */
export function addressForLimits(address: string): string {
  const version = isIP(address);
  if (version !== 6) return address;
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`isIP` said 6): `::`, a dotted tail, a zone. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
