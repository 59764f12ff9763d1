/**
 * Every raw socket the server touches has an `'error'` listener, attached here and first thing.
 *
 * Why this exists: Node's HTTP server takes its own `'error'` listener off a connection when it
 * hands it to an `'upgrade'` listener. From then on the socket is ours: a client that resets it
 * (ECONNRESET), or a proxy that closes it while a refusal is being written (EPIPE), emits an
 * `'error'` event, and an `'error'` event nobody listens to ends the process. One
 * unauthenticated request to a WebSocket path did exactly that (issue 32). The same holds for
 * every socket the server opens itself (NATS, Redis, SIP and RTP over UDP, a child's pipes).
 *
 * A WebSocket made from an upgrade is no different: `ws` emits `'error'` on a frame it cannot
 * take (larger than its limit, unmasked, bad UTF-8), and a socket whose owner listened only for
 * messages (a cluster node routing a client's first message, a provider's media socket) ended
 * the process on one bad frame.
 *
 * So: `guardSocket` attaches a listener that counts the error (hearken_raw_socket_errors_total)
 * and hands it to the caller's handler; `acceptUpgrade` makes the WebSocket and guards it before
 * anyone else sees it; `refuseUpgrade` / `dropUpgrade` are the only ways the server answers an
 * upgrade it will not take. ESLint forbids a raw HTTP status line or a `handleUpgrade` call
 * anywhere else in the server, and an `'upgrade'` listener outside socket/upgrade-router.ts.
 */
import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocket, WebSocketServer } from 'ws';
import { rawSocketErrors, upgradesRefused } from '../metrics';

/** What may carry an error event: a net or TLS socket, a dgram socket, a child's pipe. */
export interface ErrorEmitter {
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Which raw socket an error came from (the metric's `socket` label). */
export type RawSocketKind = 'upgrade' | 'websocket' | 'nats' | 'redis' | 'sip' | 'rtp' | 'child-pipe';

/** How long a refused upgrade may take to be read before its socket is destroyed regardless. */
export const REFUSAL_LINGER_MS = 2_000;

/** Error codes counted under their own name; anything else is `other` (bounded label values). */
const COUNTED_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_WRITE_AFTER_END',
  'ERR_STREAM_PREMATURE_CLOSE',
]);

const guarded = new WeakSet<object>();

/** The error's code as a metric label. */
export function errorCodeLabel(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && COUNTED_CODES.has(code) ? code : 'other';
}

/**
 * Attaches the socket's error listener (once per socket, however often it is guarded) and
 * returns the socket. `onError`, when given, also hears each error (to log it, or to reject a
 * connection attempt); the count happens either way.
 */
export function guardSocket<T extends ErrorEmitter>(
  socket: T,
  kind: RawSocketKind,
  onError?: (error: Error) => void,
): T {
  if (!guarded.has(socket)) {
    guarded.add(socket);
    socket.on('error', (error) => {
      rawSocketErrors.inc({ socket: kind, code: errorCodeLabel(error) });
    });
  }
  if (onError) socket.on('error', onError);
  return socket;
}

/** The bytes of a refusal: a status line and no body, and the connection closes after it. */
export function refusalResponse(status: number): string {
  const reason = STATUS_CODES[status] ?? 'Refused';
  return `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`;
}

/**
 * Answers an upgrade this server will not take with `status` and closes the socket once that
 * is written (or after REFUSAL_LINGER_MS from a peer that never reads). Safe on a socket the
 * peer has already reset or closed: the socket is guarded before anything is written.
 */
export function refuseUpgrade(socket: Duplex, status: 400 | 401 | 403 | 404 | 429 | 503): void {
  guardSocket(socket, 'upgrade');
  upgradesRefused.inc({ status: String(status) });
  if (socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const linger = setTimeout(() => socket.destroy(), REFUSAL_LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
  // end() then destroy once flushed: destroySoon's behaviour, on any Duplex.
  socket.end(refusalResponse(status), () => socket.destroy());
}

/**
 * Completes an upgrade into a WebSocket of `wss` (the upgrade socket guarded first), and hands
 * it on already guarded: an error on a frame it cannot take is counted and the socket closed by
 * `ws`, never thrown. `onError` also hears each error (to log it).
 */
export function acceptUpgrade(
  wss: WebSocketServer,
  request: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  onSocket: (ws: WebSocket) => void,
  onError?: (error: Error) => void,
): void {
  guardSocket(socket, 'upgrade');
  wss.handleUpgrade(request, socket, head, (ws) => {
    guardSocket(ws, 'websocket', onError);
    onSocket(ws);
  });
}

/** Closes an upgrade on a path nobody serves, without an answer (as before: the client sees a reset). */
export function dropUpgrade(socket: Duplex): void {
  guardSocket(socket, 'upgrade');
  upgradesRefused.inc({ status: 'dropped' });
  socket.destroy();
}
