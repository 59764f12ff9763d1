/**
 * The lint rules that keep raw upgrade sockets safe (eslint.config.js, issue 32): server code
 * may not write a raw HTTP status line (refusals go through refuseUpgrade, which guards the
 * socket first), make a WebSocket without acceptUpgrade (which guards it), nor listen for
 * 'upgrade' outside the upgrade router. Checked by linting code that
 * breaks them, as if it were server code, with the project's own configuration.
 */
import { describe, expect, it } from 'vitest';
import { resolve } from 'node:path';
import { ESLint } from 'eslint';

const root = resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function restricted(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
}

const BY_HAND = `import type { Duplex } from 'node:stream';
import type { IncomingMessage, Server } from 'node:http';
import type { WebSocketServer } from 'ws';
export function refuse(socket: Duplex, server: Server, status: number, wss: WebSocketServer, request: IncomingMessage): void {
  wss.handleUpgrade(request, socket, Buffer.alloc(0), () => undefined);
  socket.end('HTTP/1.1 401 Unauthorized\\r\\nConnection: close\\r\\n\\r\\n');
  socket.write(\`HTTP/1.1 \${status} No\\r\\n\\r\\n\`);
  server.on('upgrade', () => undefined);
}
`;

describe('raw socket lint rules', () => {
  it('refuse a hand-written refusal and an upgrade listener anywhere in the server', async () => {
    const messages = await restricted(BY_HAND, 'src/server/some-feature/routes.ts');
    expect(messages.filter((m) => m.includes('refuseUpgrade'))).toHaveLength(2);
    expect(messages.filter((m) => m.includes('upgrade-router.ts'))).toHaveLength(1);
    expect(messages.filter((m) => m.includes('acceptUpgrade'))).toHaveLength(1);
  }, 30_000);

  it('let the two places that own them do it, and nothing else', async () => {
    const inRouter = await restricted(BY_HAND, 'src/server/socket/upgrade-router.ts');
    expect(inRouter.filter((m) => m.includes('refuseUpgrade'))).toHaveLength(2);
    expect(inRouter.filter((m) => m.includes('upgrade-router.ts'))).toHaveLength(0);
    expect(inRouter.filter((m) => m.includes('acceptUpgrade'))).toHaveLength(1);
    const inHelper = await restricted(BY_HAND, 'src/server/safety/raw-sockets.ts');
    expect(inHelper.filter((m) => m.includes('refuseUpgrade'))).toHaveLength(0);
    expect(inHelper.filter((m) => m.includes('upgrade-router.ts'))).toHaveLength(1);
    expect(inHelper.filter((m) => m.includes('acceptUpgrade'))).toHaveLength(0);
  }, 30_000);
});
