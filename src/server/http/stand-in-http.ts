/**
 * What the local stand-ins of third-party services (payments, meeting bots, phone calls) need of
 * plain Node HTTP: a bounded request body and a JSON answer. They are small servers of their own,
 * apart from Fastify, because each speaks its provider's protocol.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** The request's body as text; refused past `maxBytes` (a stand-in is no place for a flood). */
export async function readBody(request: IncomingMessage, maxBytes = 64 * 1024): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}
