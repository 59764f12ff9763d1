/**
 * Issue 29 F-02, as the attacker sent it: one guest opens as many sockets as the server lets it
 * into its own room and types lines from every one, as fast as each allows. Before, the typed
 * limit was per connection and an identity could open up to 300 sockets; every line went to
 * every socket, so the work grew as the square of the sockets and the health check waited 4.8 s
 * at 30 sockets and 10.7 s at 60. Now sockets are counted per identity (limits.ts
 * socketsPerIdentity) and typed lines too (limits.ts typedMessages): the surplus is refused by
 * name, and an honest guest in another room is answered throughout.
 *
 * The server is its own process, so a stall shows in the time its health check takes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../src/shared/protocol';
import { type ServerProcess, startServerProcess } from '../../scripts/lib/server-process';
import { CaptionClient, createGuest } from '../../scripts/lib/socket-client';
import { honestConversation, watchHealth } from '../helpers/attack-watch';

const ATTACK_SOCKETS = 60;
const ATTACK_MS = 8_000;
/** Per socket, under the 50 messages a second that would close one. */
const LINES_PER_SECOND = 20;
const SOCKETS_PER_IDENTITY = 20;

let server: ServerProcess;

beforeAll(async () => {
  server = await startServerProcess({
    HEARKEN_SPEECH_WORKERS: '1',
    HEARKEN_SOCKETS_PER_IDENTITY: String(SOCKETS_PER_IDENTITY),
  });
}, 150_000);

afterAll(async () => {
  await server?.stop();
});

describe('a typed-line flood from one guest (F-02)', () => {
  it('gets only its sockets and lines per identity, and the honest guest in another room is answered', async () => {
    const flooder = await createGuest(server.url, 'Flooder');
    const host = await CaptionClient.connect(server.url, { user: flooder });
    const sockets = [host];
    const refusedSockets: string[] = [];
    for (let i = 1; i < ATTACK_SOCKETS; i++) {
      try {
        sockets.push(await CaptionClient.connect(server.url, { user: flooder, roomId: host.roomId }));
      } catch (error) {
        refusedSockets.push((error as Error).message);
      }
    }
    expect(sockets).toHaveLength(SOCKETS_PER_IDENTITY);
    expect(new Set(refusedSockets)).toEqual(
      new Set([
        `connection refused: rate-limited: you have ${SOCKETS_PER_IDENTITY} connections open already: close one before opening another`,
      ]),
    );

    const honest = await CaptionClient.connect(server.url, { user: await createGuest(server.url, 'Honest') });
    let honestClosed = false;
    honest.ws.once('close', () => (honestClosed = true));
    const health = watchHealth(server.url);
    const conversation = honestConversation(honest);

    const marks = sockets.map((s) => s.received.length);
    let sent = 0;
    const attackEnds = performance.now() + ATTACK_MS;
    while (performance.now() < attackEnds) {
      for (const socket of sockets) {
        socket.send({ type: 'typed-message', text: `flood line ${sent} from one guest` });
        sent += 1;
      }
      await new Promise((r) => setTimeout(r, 1000 / LINES_PER_SECOND));
    }
    await new Promise((r) => setTimeout(r, 2000));
    const honestTimes = await conversation.stop();
    const stall = await health.stop();

    const replies = sockets.flatMap((s, i) => s.received.slice(marks[i]).map((r) => r.message));
    const refused = replies.filter(
      (m): m is Extract<ServerMessage, { type: 'error' }> =>
        m.type === 'error' && m.inReplyTo === 'typed-message',
    );
    // Every socket hears each accepted line once: the lines the room took, counted at the host.
    const accepted = new Set(
      host.received
        .slice(marks[0])
        .flatMap((r) =>
          r.message.type === 'transcript' && r.message.transcript.isFinal ? [r.message.transcript.id] : [],
        ),
    ).size;
    console.log(
      JSON.stringify({
        sockets: sockets.length,
        sent,
        accepted,
        refused: refused.length,
        stall,
        honestTimes,
      }),
    );
    // 60 a minute per identity (its burst), whatever its sockets: not 60 per socket.
    expect(accepted).toBeLessThanOrEqual(70);
    expect(refused.length).toBeGreaterThan(sent / 2);
    expect(new Set(refused.map((m) => m.error.code))).toEqual(new Set(['rate-limited']));
    expect(stall.failures).toBe(0);
    expect(stall.longestMs).toBeLessThan(1000);
    expect(honestTimes.unanswered).toBe(0);
    expect(honestTimes.longestLineMs).toBeLessThan(2000);
    expect(honestClosed).toBe(false);
    for (const socket of [...sockets, honest]) await socket.close();
  }, 120_000);
});
