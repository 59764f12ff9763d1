/**
 * The trust findings' attacks for `npm run bench:abuse` (issues 29 and 31), each as the attacker
 * sent it, from one identity, in a room of its own; the shape is abuse-attacks.ts's `Attack`.
 */
import type { ServerMessage } from '../../src/shared/protocol';
import type { Attack, AttackCounts } from './abuse-attacks';
import { CaptionClient, createGuest } from './socket-client';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sockets of one guest in its own room: the first hosts it, the others join it; those the server
 * refuses (sockets per identity) are left out, as the attacker would have to.
 */
async function socketsOfOneGuest(url: string, name: string, count: number): Promise<CaptionClient[]> {
  const user = await createGuest(url, name);
  const host = await CaptionClient.connect(url, { user });
  const others = await Promise.allSettled(
    Array.from({ length: count - 1 }, () => CaptionClient.connect(url, { user, roomId: host.roomId })),
  );
  return [host, ...others.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []))];
}

/** Counts an answer to `inReplyTo` as refused, and `served` as the attacker's win. */
function counter(counts: AttackCounts, inReplyTo: string, served: (m: ServerMessage) => boolean) {
  return (m: ServerMessage) => {
    if (m.type === 'error' && m.inReplyTo === inReplyTo) counts.refused += 1;
    else if (served(m)) counts.served += 1;
  };
}

/**
 * N-1 (issue 31): one guest grows one final line with `transcript-edit` inserts of 500
 * characters, from two sockets, 45 a second each, against the newest version it has heard of.
 */
function lineGrowth(): Attack {
  const counts: AttackCounts = { sent: 0, served: 0, refused: 0 };
  let sockets: CaptionClient[] = [];
  let lineId = '';
  let version = 0;
  const insert = 'x'.repeat(500);
  return {
    counts,
    async prepare(url) {
      sockets = await socketsOfOneGuest(url, 'Grower', 2);
      const host = sockets[0]!;
      host.send({ type: 'typed-message', text: 'a short line to grow' });
      const first = (await host.waitFor((m) => m.type === 'transcript' && m.transcript.isFinal, 10_000)) as
        Extract<ServerMessage, { type: 'transcript' }> | undefined;
      if (!first) throw new Error('the line to grow never became final');
      lineId = first.transcript.id;
      version = first.transcript.version ?? 0;
      const count = counter(counts, 'transcript-edit', (m) => m.type === 'transcript-edit-ack');
      host.onMessage(({ message }) => {
        if (message.type === 'transcript' && message.transcript.id === lineId)
          version = Math.max(version, message.transcript.version ?? 0);
      });
      for (const socket of sockets) socket.onMessage((r) => count(r.message));
    },
    async run(stopped) {
      while (!stopped()) {
        for (const socket of sockets) {
          socket.send({
            type: 'transcript-edit',
            transcriptId: lineId,
            mutation: {
              id: `grow-${counts.sent}`,
              parent: version,
              origin: 'human',
              type: 'insert',
              index: 0,
              text: insert,
              lang: 'en-US',
            },
          });
          counts.sent += 1;
        }
        await sleep(1000 / 45);
      }
    },
    close: async () => {
      await Promise.all(sockets.map((s) => s.close()));
    },
  };
}

/**
 * F-01 (issue 29): one guest opens 24 sockets into its own room and starts audio on each,
 * sending silence, to hold every recognition stream of the server.
 */
function decoderHog(): Attack {
  const counts: AttackCounts = { sent: 0, served: 0, refused: 0 };
  let sockets: CaptionClient[] = [];
  return {
    counts,
    async prepare(url) {
      sockets = await socketsOfOneGuest(url, 'Decoder Hog', 24);
      const count = counter(
        counts,
        'audio',
        (m) => m.type === 'room-status-update' && m.reason === 'audio-stream-started',
      );
      sockets[0]!.onMessage((r) => {
        if (r.message.type === 'room-status-update') count(r.message);
      });
      for (const socket of sockets) {
        socket.onMessage((r) => {
          if (r.message.type === 'error') count(r.message);
        });
        socket.startAudio();
        counts.sent += 1;
      }
      await sleep(2000);
    },
    async run(stopped) {
      const silence = new Int16Array(1600);
      while (!stopped()) {
        for (const socket of sockets) socket.sendAudio(silence);
        await sleep(100);
      }
    },
    close: async () => {
      await Promise.all(sockets.map((s) => s.close()));
    },
  };
}

/**
 * F-03 (issue 29): in a room of 1,200 lines, 50 `access-boost-words add` a second from ten
 * sockets (the boost switch is open to everyone on the bench's server).
 */
function boostFlood(): Attack {
  const counts: AttackCounts = { sent: 0, served: 0, refused: 0 };
  let sockets: CaptionClient[] = [];
  return {
    counts,
    async prepare(url) {
      sockets = await socketsOfOneGuest(url, 'Booster', 10);
      // 1,200 lines (the bench's server lets the room be filled at once), 40 a second a socket:
      // under the 50 messages a second that would close one.
      for (let j = 0; j < 120; j += 40) {
        for (const [i, socket] of sockets.entries())
          for (let k = j; k < j + 40; k++)
            socket.send({ type: 'typed-message', text: `${i}.${k} kubernetes cluster words` });
        await sleep(1100);
      }
      await sockets[0]!.waitFor((m) => m.type === 'transcript' && m.seq >= 1200, 120_000);
      const count = counter(counts, 'access-boost-words', (m) => m.type === 'user-boost-words');
      for (const socket of sockets) socket.onMessage((r) => count(r.message));
    },
    async run(stopped) {
      let i = 0;
      while (!stopped()) {
        for (const socket of sockets) {
          i += 1;
          socket.send({
            type: 'access-boost-words',
            action: i % 2 === 0 ? 'add' : 'remove',
            words: 'kubernetes',
          });
          counts.sent += 1;
        }
        await sleep(200);
      }
    },
    close: async () => {
      await Promise.all(sockets.map((s) => s.close()));
    },
  };
}

export const TRUST_ATTACKS = {
  'line-growth': lineGrowth,
  'decoder-hog': decoderHog,
  'boost-flood': boostFlood,
} as const satisfies Record<string, () => Attack>;
