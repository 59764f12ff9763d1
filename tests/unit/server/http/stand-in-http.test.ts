import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from '../../../../src/server/http/stand-in-http';

const request = (...chunks: string[]) =>
  Readable.from(chunks.map((c) => Buffer.from(c))) as unknown as IncomingMessage;

describe('readBody', () => {
  it('joins the chunks of a body as text', async () => {
    expect(await readBody(request('a=1', '&b=é'))).toBe('a=1&b=é');
  });

  it('refuses a body past its limit, counted over all chunks', async () => {
    await expect(readBody(request('12345', '67890'), 9)).rejects.toThrow('body too large');
    expect(await readBody(request('12345', '6789'), 9)).toBe('123456789');
  });
});
