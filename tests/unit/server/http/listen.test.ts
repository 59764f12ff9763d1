/** Where the server says it is: localhost for every interface, the host otherwise; the port bound. */
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { displayUrl, listen } from '../../../../src/server/http/listen';

describe('displayUrl', () => {
  it('says localhost for a server on every interface, and the host it is bound to otherwise', () => {
    expect(displayUrl('0.0.0.0', 8080)).toBe('http://localhost:8080');
    expect(displayUrl('::', 8080)).toBe('http://localhost:8080');
    expect(displayUrl('127.0.0.1', 8080)).toBe('http://127.0.0.1:8080');
    expect(displayUrl('captions.local', 80)).toBe('http://captions.local:80');
  });
});

describe('listen', () => {
  it('answers the port the system chose for port 0', async () => {
    const app = Fastify();
    app.get('/ping', async () => 'pong');
    const { url, port } = await listen(app, '127.0.0.1', 0);
    expect(port).toBeGreaterThan(0);
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(await (await fetch(`${url}/ping`)).text()).toBe('pong');
    await app.close();
  });
});
