/**
 * The client's address for a raw request (a socket upgrade, which Fastify does not see), with
 * the same rule Fastify applies to its requests: X-Forwarded-For is believed only as far as the
 * proxies HEARKEN_TRUST_PROXY names, so a client cannot pick its own address to dodge a limit.
 */
import type { IncomingMessage } from 'node:http';
import proxyAddr from 'proxy-addr';

/** Compiled once per server: a function from a request to its client address. */
export function clientAddressOf(trustProxy: boolean | string): (request: IncomingMessage) => string {
  if (trustProxy === false) return (request) => request.socket.remoteAddress ?? 'unknown';
  const trust =
    trustProxy === true
      ? () => true
      : proxyAddr.compile(
          trustProxy
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean),
        );
  return (request) => proxyAddr(request, trust);
}
