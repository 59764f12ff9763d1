/**
 * Fastify's options: no logger when silent, pretty lines (routine ones only in detail) or JSON
 * otherwise; the body limit of a typed message; the proxy setting as configured.
 */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { MAX_TEXT_MESSAGE_BYTES } from '../../../../src/shared/constants';
import { serverOptions } from '../../../../src/server/http/server-options';

function out() {
  const written: string[] = [];
  return { written, stream: { write: (text: string) => written.push(text), isTTY: false } };
}

describe('serverOptions', () => {
  it('has no logger when silent, and keeps the body limit and proxy setting', () => {
    const options = serverOptions({ logLevel: 'silent', logFormat: 'json', trustProxy: '10.0.0.1' });
    expect(options.logger).toBe(false);
    expect(options.bodyLimit).toBe(MAX_TEXT_MESSAGE_BYTES);
    expect(options.trustProxy).toBe('10.0.0.1');
  });

  it('writes pretty lines for a person, to the stream given', async () => {
    const { written, stream } = out();
    const app = Fastify(serverOptions({ logLevel: 'info', logFormat: 'pretty', trustProxy: false }, stream));
    app.log.info('speech tier basic: pocketsphinx');
    await app.close();
    expect(written.join('')).toContain('speech tier basic: pocketsphinx');
    expect(written.join('')).not.toContain('{"level"');
  });

  it('logs at the level configured', () => {
    const options = serverOptions({ logLevel: 'warn', logFormat: 'json', trustProxy: false });
    expect(options.logger).toMatchObject({ level: 'warn' });
  });
});
