/**
 * The guard every raw socket has (issue 32): errors are heard and counted, however often a socket
 * is guarded; a refused upgrade is written and closed, and never throws on a socket the peer has
 * already reset. On real TCP sockets (a local server and client), since the bug was a real
 * socket's unhandled 'error' event.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import { createServer as createHttpServer } from 'node:http';
import { WebSocketServer } from 'ws';
import { type Server, type Socket, connect, createServer } from 'node:net';
import {
  acceptUpgrade,
  dropUpgrade,
  errorCodeLabel,
  guardSocket,
  refusalResponse,
  refuseUpgrade,
} from '../../../../src/server/safety/raw-sockets';
import { rawSocketErrors, upgradesRefused } from '../../../../src/server/metrics/process-metrics';

async function counterValue(
  counter: typeof rawSocketErrors | typeof upgradesRefused,
  labels: Record<string, string>,
): Promise<number> {
  const { values } = await counter.get();
  return values
    .filter((v) => Object.entries(labels).every(([k, value]) => v.labels[k as never] === value))
    .reduce((sum, v) => sum + v.value, 0);
}

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/**
 * A local TCP server whose accepted socket (no listener of its own) is handed to `take`.
 * `paused`: nothing is read from it until it is written to, so a reset the peer sent meanwhile
 * is only discovered by that write (as on a busy server).
 */
function serverSide(
  take: (socket: Socket) => void,
  paused = false,
): Promise<{ client: Socket; received: Promise<string> }> {
  return new Promise((resolve) => {
    server = createServer({ pauseOnConnect: paused }, take);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server!.address() as { port: number };
      const client = connect(port, '127.0.0.1');
      client.on('error', () => undefined);
      let text = '';
      const received = new Promise<string>((done) => {
        client.on('data', (d) => (text += d.toString()));
        client.on('close', () => done(text));
      });
      client.once('connect', () => resolve({ client, received }));
    });
  });
}

describe('guardSocket', () => {
  it('hears and counts an error once per socket, and passes it to every handler given', async () => {
    const socket = new EventEmitter();
    const heard: string[] = [];
    const before = await counterValue(rawSocketErrors, { socket: 'nats', code: 'ECONNRESET' });
    guardSocket(socket, 'nats', (e) => heard.push(`first ${e.message}`));
    guardSocket(socket, 'nats', (e) => heard.push(`second ${e.message}`));
    guardSocket(socket, 'nats');
    expect(socket.listenerCount('error')).toBe(3);
    socket.emit('error', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }));
    expect(heard).toEqual(['first read ECONNRESET', 'second read ECONNRESET']);
    expect(await counterValue(rawSocketErrors, { socket: 'nats', code: 'ECONNRESET' })).toBe(before + 1);
  });

  it('labels unknown codes as other, so the metric stays small', () => {
    expect(errorCodeLabel(Object.assign(new Error('x'), { code: 'EPIPE' }))).toBe('EPIPE');
    expect(errorCodeLabel(Object.assign(new Error('x'), { code: 'ESOMETHINGNEW' }))).toBe('other');
    expect(errorCodeLabel(undefined)).toBe('other');
  });

  it('keeps an unguarded emitter unsafe (what the guard prevents)', () => {
    expect(() => new EventEmitter().emit('error', new Error('boom'))).toThrow('boom');
  });
});

describe('refuseUpgrade', () => {
  it('writes the status line and closes the connection', async () => {
    const before = await counterValue(upgradesRefused, { status: '401' });
    const { received } = await serverSide((socket) => refuseUpgrade(socket, 401));
    expect(await received).toBe(refusalResponse(401));
    expect(refusalResponse(429)).toBe(
      'HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Length: 0\r\n\r\n',
    );
    expect(await counterValue(upgradesRefused, { status: '401' })).toBe(before + 1);
  });

  it('survives a peer that resets the connection while or after it is written', async () => {
    for (const resetAfterMs of [0, 5]) {
      const serverSocket = new Promise<Socket>((resolve) => {
        void serverSide((socket) => {
          // As the upgrade router does: refused in the tick the socket is handed over.
          refuseUpgrade(socket, 404);
          resolve(socket);
        }).then(({ client }) => setTimeout(() => client.resetAndDestroy(), resetAfterMs));
      });
      const socket = await serverSocket;
      if (!socket.destroyed) await new Promise<void>((done) => socket.once('close', () => done()));
      expect(socket.destroyed).toBe(true);
      await new Promise<void>((done) => server!.close(() => done()));
      server = undefined;
    }
  });

  it('survives a peer that reset the connection before it is written', async () => {
    const before = await counterValue(rawSocketErrors, { socket: 'upgrade' });
    const refused = new Promise<Socket>((resolve) => {
      void serverSide((socket) => {
        setTimeout(() => {
          refuseUpgrade(socket, 401);
          resolve(socket);
        }, 50);
      }, true).then(({ client }) => client.resetAndDestroy());
    });
    const socket = await refused;
    if (!socket.destroyed) await new Promise<void>((done) => socket.once('close', () => done()));
    // The write met the reset: an error, heard by the guard.
    expect(await counterValue(rawSocketErrors, { socket: 'upgrade' })).toBe(before + 1);
  });

  it('does nothing more to a socket that is already gone', async () => {
    const { received } = await serverSide((socket) => {
      socket.destroy();
      refuseUpgrade(socket, 401);
    });
    expect(await received).toBe('');
  });

  it('destroys a socket whose refusal cannot be written', async () => {
    const { received } = await serverSide((socket) => {
      socket.end();
      refuseUpgrade(socket, 503);
    });
    expect(await received).toBe('');
  });
});

describe('dropUpgrade', () => {
  it('closes at once without an answer', async () => {
    const { received } = await serverSide((socket) => dropUpgrade(socket));
    expect(await received).toBe('');
  });
});

describe('acceptUpgrade', () => {
  it('hands on a WebSocket that a frame it cannot take closes instead of ending the process', async () => {
    const before = await counterValue(rawSocketErrors, { socket: 'websocket' });
    const http = createHttpServer();
    const wss = new WebSocketServer({ noServer: true, maxPayload: 100 });
    const closed = new Promise<number>((resolve) => {
      // An upgrade listener here only: the server's own is socket/upgrade-router.ts.
      http.addListener(
        'upgrade' as 'request',
        ((request: never, socket: never, head: never) =>
          acceptUpgrade(wss, request, socket, head, (ws) => {
            // Its owner listens for messages only, as a cluster node routing a first message does.
            ws.on('message', () => undefined);
            ws.on('close', (code) => resolve(code));
          })) as never,
      );
    });
    await new Promise<void>((done) => http.listen(0, '127.0.0.1', () => done()));
    const { port } = http.address() as { port: number };
    const { default: WebSocket } = await import('ws');
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    client.on('error', () => undefined);
    client.on('open', () => client.send('x'.repeat(1000)));
    expect(await closed).toBeGreaterThanOrEqual(1000);
    expect(await counterValue(rawSocketErrors, { socket: 'websocket' })).toBe(before + 1);
    client.terminate();
    wss.close();
    await new Promise<void>((done) => http.close(() => done()));
  });
});
