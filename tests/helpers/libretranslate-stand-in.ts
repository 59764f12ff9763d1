/**
 * A local stand-in for a hosted LibreTranslate service, speaking its API at the HTTP boundary:
 * `GET /languages` and `POST /translate {q, source, target, format, api_key}` answering
 * `{translatedText}` or `{error}` with LibreTranslate's status codes. It "translates" with a
 * small word table, which is all the tests need to tell a translation from the original.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

const WORDS: Record<string, Record<string, string>> = {
  'en>es': { hello: 'hola', good: 'buenos', morning: 'días', friends: 'amigos', the: 'el', cat: 'gato' },
};

export interface StandIn {
  url: string;
  requests: { path: string; body: unknown }[];
  /** Makes the next translations slow (ms), to test time limits. */
  delayMs: number;
  close(): Promise<void>;
}

export async function startLibreTranslateStandIn(apiKey?: string): Promise<StandIn> {
  const requests: StandIn['requests'] = [];
  const state = { delayMs: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Record<string, unknown> = {};
      try {
        body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        return reply(400, { error: 'Invalid request: could not parse JSON' });
      }
      requests.push({ path: req.url ?? '', body });
      if (req.method === 'GET' && req.url === '/languages') {
        return reply(200, [
          { code: 'en', name: 'English', targets: ['en', 'es'] },
          { code: 'es', name: 'Spanish', targets: ['en', 'es'] },
        ]);
      }
      if (req.method === 'POST' && req.url === '/translate') {
        if (apiKey && body.api_key !== apiKey) return reply(403, { error: 'Invalid API key' });
        const { q, source, target } = body as { q?: unknown; source?: unknown; target?: unknown };
        if (typeof q !== 'string') return reply(400, { error: 'Invalid request: missing q parameter' });
        const table = WORDS[`${String(source)}>${String(target)}`];
        if (!table) return reply(400, { error: `${String(source)} is not supported` });
        const translatedText = q
          .split(/\s+/)
          .map((w) => table[w.toLowerCase()] ?? w)
          .join(' ');
        setTimeout(() => reply(200, { translatedText }), state.delayMs);
        return;
      }
      reply(404, { error: 'Not Found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
