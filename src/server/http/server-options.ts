/**
 * Fastify's own options for this server: its logger (none when silent; pretty lines for a
 * person, JSON for a collector, secrets redacted either way), the largest body it reads, and
 * whether a proxy's forwarded address is believed.
 */
import type { FastifyHttpOptions } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { MAX_TEXT_MESSAGE_BYTES } from '../../shared/constants';
import type { ServerConfig } from '../config';
import { prettyLogStream, serverLoggerOptions } from '../logs';

export function serverOptions(
  config: Pick<ServerConfig, 'logLevel' | 'logFormat' | 'trustProxy'>,
  stdout: { write(text: string): unknown; isTTY?: boolean } = process.stdout,
): FastifyHttpOptions<HttpServer> {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : serverLoggerOptions(
            config.logLevel,
            config.logFormat === 'pretty'
              ? prettyLogStream(stdout, {
                  // Routine lines (each request) only when asked for in detail.
                  showRoutine: config.logLevel === 'debug' || config.logLevel === 'trace',
                  colour: Boolean(stdout.isTTY),
                })
              : undefined,
          ),
    // No request carries more than a typed message's worth; anything bigger is refused unread.
    bodyLimit: MAX_TEXT_MESSAGE_BYTES,
    trustProxy: config.trustProxy,
  };
}
