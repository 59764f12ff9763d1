/**
 * WebSocket upgrades that go wrong on the client's side, written as a raw TCP client sends them
 * (issue 32: one such request ended the server). Each attempt sends an upgrade request to a path
 * the server serves (or not), then resets the connection (RST) or closes it (FIN), at once or
 * after the server has answered, or, once upgraded, sends a frame the server must refuse. Used
 * by tests/integration/upgrade-resets.test.ts, the socket fuzz (tests/helpers/socket-fuzz.ts),
 * which mixes them into its seeded runs, and `npm run bench:abuse`.
 */
import { connect } from 'node:net';
import { MEETING_BOT_ROUTES } from '../../src/shared/api';
import { PHONE_CALL_ROUTES } from '../../src/shared/phone-calls';
import { SOCKET_PATH } from '../../src/shared/protocol';

/** Every upgrade path the server has, with proofs that do not hold, and one it does not have. */
export const UPGRADE_PATHS = [
  SOCKET_PATH,
  `${MEETING_BOT_ROUTES.audio}?token=x`,
  MEETING_BOT_ROUTES.audio,
  `${PHONE_CALL_ROUTES.media}/x`,
  PHONE_CALL_ROUTES.media,
  '/no-such-socket',
] as const;

export const CLIENT_ENDINGS = [
  /** RST right after the request is written: the server may be answering as it arrives. */
  'reset-at-once',
  /** RST a few milliseconds later. */
  'reset-soon',
  /** RST once the server's answer (a refusal, or the 101) has arrived. */
  'reset-after-answer',
  /** Half a request, then RST. */
  'reset-mid-request',
  /** FIN right after the request (a proxy's ordinary close). */
  'close-at-once',
  /** FIN once the answer has arrived. */
  'close-after-answer',
  /** Once upgraded, a frame the server must refuse: unmasked (a client's frames must be masked). */
  'unmasked-frame-after-answer',
  /** Once upgraded, a frame that says it is 2 GiB long (past any WebSocket's limit). */
  'huge-frame-after-answer',
] as const;
export type ClientEnding = (typeof CLIENT_ENDINGS)[number];

export interface UpgradeAttempt {
  path: string;
  ending: ClientEnding;
  /** The status of the server's answer, when one arrived before the client went. */
  status?: number;
}

/** A text frame "hello" without the mask every client frame must have (RFC 6455 5.1). */
const UNMASKED_FRAME = Buffer.from([0x81, 0x05, ...Buffer.from('hello')]);
/** A masked binary frame header announcing 2^31 bytes: past the server's maxPayload. */
const HUGE_FRAME_HEADER = Buffer.from([0x82, 0xff, 0, 0, 0, 0, 0x80, 0, 0, 0, 1, 2, 3, 4]);

function upgradeRequest(path: string, host: string): string {
  return (
    `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n` +
    'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n'
  );
}

/** One upgrade request to `url` (http://host:port) ended as `ending`; resolves once it is over. */
export function upgradeAndLeave(url: string, path: string, ending: ClientEnding): Promise<UpgradeAttempt> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const attempt: UpgradeAttempt = { path, ending };
    let answer = '';
    let settled = false;
    const socket = connect(Number(port), hostname);
    const done = () => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      if (!socket.destroyed) socket.destroy();
      resolve(attempt);
    };
    // A server that neither answers nor closes (it should do one) is left after 3 s.
    const giveUp = setTimeout(() => {
      if (ending.endsWith('after-answer')) socket.resetAndDestroy();
      done();
    }, 3_000);
    socket.on('error', done);
    socket.on('close', done);
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status && attempt.status === undefined) attempt.status = Number(status[1]);
      if (attempt.status === undefined) return;
      if (ending === 'reset-after-answer') {
        socket.resetAndDestroy();
        done();
      } else if (ending === 'close-after-answer') socket.end();
      else if (ending === 'unmasked-frame-after-answer' || ending === 'huge-frame-after-answer') {
        const frame = ending === 'unmasked-frame-after-answer' ? UNMASKED_FRAME : HUGE_FRAME_HEADER;
        // Refused upgrades are closed by the server; only an accepted one reads frames.
        if (attempt.status === 101 && !socket.destroyed) socket.write(frame, () => socket.end());
        else socket.end();
      }
    });
    socket.once('connect', () => {
      const request = upgradeRequest(path, `${hostname}:${port}`);
      switch (ending) {
        case 'reset-mid-request':
          socket.write(request.slice(0, request.length >> 1), () => {
            socket.resetAndDestroy();
            done();
          });
          return;
        case 'reset-at-once':
          socket.write(request, () => {
            socket.resetAndDestroy();
            done();
          });
          return;
        case 'reset-soon':
          socket.write(request);
          setTimeout(() => {
            socket.resetAndDestroy();
            done();
          }, 5);
          return;
        case 'close-at-once':
          socket.end(request);
          return;
        default:
          socket.write(request);
      }
    });
  });
}
