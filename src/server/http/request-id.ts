import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIPv4 } from 'node:net';
import type { TrustProxy } from '../config.js';

/** What a proxy's X-Request-Id may be to be taken as it is: nginx's 32 hex digits, a UUID and the like. */
const acceptableRequestId = /^[A-Za-z0-9._:@-]{1,128}$/;

/** proxy-addr's names (what Fastify's trustProxy takes), as subnets. */
const namedSubnets: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.1', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

/**
 * Whether the peer at this socket address is one of the proxies TRUST_PROXY names: the same
 * question Fastify asks before it believes X-Forwarded-For, asked of the nearest hop only (the
 * request id comes from the proxy in front, not from anyone further out). A hop count trusts the
 * nearest hop whoever it is, as Fastify does.
 */
export function trustedPeer(trust: TrustProxy): (address: string | undefined) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return () => trust > 0;
  const proxies = new BlockList();
  for (const entry of trust) {
    const named = namedSubnets[entry];
    if (named) {
      for (const [network, prefix, family] of named) proxies.addSubnet(network, prefix, family);
      continue;
    }
    const [address = '', prefix] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  return (address) => {
    if (!address) return false;
    // An IPv4 peer on a dual-stack socket is written ::ffff:a.b.c.d.
    const plain =
      address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    try {
      return proxies.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
    } catch {
      return false;
    }
  };
}

/**
 * The id of a request (docs/decisions/0061-operable.md): the X-Request-Id a trusted proxy sent
 * (nginx's $request_id), so that its log line and ours share it; otherwise a new one. A visitor
 * who reaches the server directly cannot choose it (it would let them forge or collide log lines).
 * The id goes back in the X-Request-Id answer header and on every log line of the request.
 */
export function createRequestIds(trust: TrustProxy): (request: IncomingMessage) => string {
  const trusted = trustedPeer(trust);
  return (request) => {
    const sent = request.headers['x-request-id'];
    if (
      typeof sent === 'string' &&
      acceptableRequestId.test(sent) &&
      trusted(request.socket.remoteAddress)
    ) {
      return sent;
    }
    return randomUUID();
  };
}
