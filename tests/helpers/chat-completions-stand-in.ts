/**
 * A local stand-in for a hosted OpenAI-compatible chat completions API, speaking its protocol at
 * the HTTP boundary: `POST /v1/chat/completions {model, messages}` with a bearer key, answering
 * `{id, object: 'chat.completion', choices: [{message: {role, content}}]}` or OpenAI's
 * `{error: {message, type, code}}`. Its "model" summarises by taking the first and the last
 * numbered line it was given, which is all the tests need to tell its recap from the server's.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInBehaviour = 'summarise' | 'fail' | 'not-json' | 'unknown-line' | 'slow';

export interface ChatStandIn {
  /** The API's base URL (…/v1). */
  url: string;
  requests: {
    path: string;
    authorization?: string;
    body: { model?: string; messages?: { role: string; content: string }[] };
  }[];
  behaviour: StandInBehaviour;
  close(): Promise<void>;
}

export async function startChatCompletionsStandIn(apiKey: string): Promise<ChatStandIn> {
  const standIn = { requests: [] as ChatStandIn['requests'], behaviour: 'summarise' as StandInBehaviour };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const error = (status: number, message: string, type: string) =>
        reply(status, { error: { message, type, param: null, code: null } });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
        return error(404, 'Not found', 'invalid_request_error');
      let body: ChatStandIn['requests'][number]['body'];
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        return error(400, 'We could not parse the JSON body of your request.', 'invalid_request_error');
      }
      standIn.requests.push({
        path: req.url,
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
        body,
      });
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        return error(401, 'Incorrect API key provided.', 'invalid_request_error');
      }
      if (!body.model || !Array.isArray(body.messages)) {
        return error(400, "Missing required parameter: 'model' or 'messages'.", 'invalid_request_error');
      }
      const answer = (content: string) =>
        reply(200, {
          id: 'chatcmpl-standin',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      const user = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const lines = [...user.matchAll(/^\[(\d+)\] ([^:]*): (.*)$/gm)].map((m) => ({
        line: Number(m[1]),
        text: m[3]!,
      }));
      switch (standIn.behaviour) {
        case 'fail':
          return error(500, 'The server had an error while processing your request.', 'server_error');
        case 'not-json':
          return answer('Here is a summary: people talked.');
        case 'unknown-line':
          return answer(
            JSON.stringify({ points: [{ text: 'Something nobody said.', line: 9999 }], keywords: [] }),
          );
        case 'slow':
          setTimeout(() => answer('{}'), 2_000);
          return;
        case 'summarise': {
          const picked = lines.length > 1 ? [lines[0]!, lines.at(-1)!] : lines;
          const content = JSON.stringify({
            points: picked.map((l) => ({ text: `Summary of: ${l.text}`, line: l.line })),
            keywords: ['stand-in'],
          });
          return answer(`\`\`\`json\n${content}\n\`\`\``);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
