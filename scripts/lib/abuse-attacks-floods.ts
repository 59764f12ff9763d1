/**
 * The floods of issue 29's bench:abuse list (F-02 and F-13), each as the attacker sends it, from
 * one identity (and, for exports, a few), in a room of its own; the shape is abuse-attacks.ts's
 * `Attack`.
 */
import { API } from '../../src/shared/api';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import type { Attack, AttackCounts } from './abuse-attacks';
import { CaptionClient, createGuest, guestHeaders, resolveRoomName } from './socket-client';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Under the 50 text messages a second that close a socket (MAX_TEXT_MESSAGES_PER_SECOND). */
const MESSAGES_PER_SECOND_A_SOCKET = 45;

/** A typed line near the 500-character limit, with a break in it, as a pasted paragraph is. */
const FLOOD_LINE =
  `${'Everyone please read this announcement carefully. '.repeat(5)}\n${'It matters. '.repeat(10)}`.slice(
    0,
    450,
  );

/**
 * F-02 (issue 29): one guest opens 60 sockets into its own room (the server keeps 20 an identity
 * and refuses the rest, which the attacker tries again all the same) and sends typed lines from
 * every socket it holds as fast as a socket may without being closed.
 */
function typedFlood(): Attack {
  const counts: AttackCounts = { sent: 0, served: 0, refused: 0 };
  let url = '';
  let user: GuestUserWithCredential | undefined;
  let roomId = '';
  const sockets = new Set<CaptionClient>();
  /** Refused sockets: what the attacker asked for and did not get. */
  let socketsRefused = 0;
  const count = (m: ServerMessage) => {
    if (m.type === 'error' && m.inReplyTo === 'typed-message') counts.refused += 1;
    else if (m.type === 'transcript' && m.transcript.isFinal && m.transcript.author === user?.avaId)
      counts.served += 1;
  };
  const open = async () => {
    const socket = await CaptionClient.connect(url, { user: user!, roomId });
    sockets.add(socket);
    socket.ws.once('close', () => sockets.delete(socket));
    // One socket counts what the room shows: every socket hears every line.
    if (sockets.size === 1) socket.onMessage((r) => count(r.message));
    else socket.onMessage((r) => r.message.type === 'error' && count(r.message));
  };
  /** Tries for 60 sockets (again, as sockets close or were refused). */
  const fill = async () => {
    const tries = await Promise.allSettled(Array.from({ length: 60 - sockets.size }, open));
    socketsRefused += tries.filter((t) => t.status === 'rejected').length;
  };
  return {
    counts,
    async prepare(target) {
      url = target;
      user = await createGuest(url, 'Typist');
      const host = await CaptionClient.connect(url, { user });
      roomId = host.roomId;
      sockets.add(host);
      host.ws.once('close', () => sockets.delete(host));
      host.onMessage((r) => count(r.message));
      await fill();
      console.error(`typed-flood: ${sockets.size} sockets held, ${socketsRefused} refused`);
    },
    async run(stopped) {
      let i = 0;
      let lastFill = performance.now();
      while (!stopped()) {
        for (const socket of sockets) {
          i += 1;
          socket.send({ type: 'typed-message', text: `${i} ${FLOOD_LINE}` });
          counts.sent += 1;
        }
        if (performance.now() - lastFill > 2000) {
          lastFill = performance.now();
          await fill();
        }
        await sleep(1000 / MESSAGES_PER_SECOND_A_SOCKET);
      }
      console.error(`typed-flood: ${socketsRefused} sockets refused in all`);
    },
    close: async () => {
      await Promise.all([...sockets].map((s) => s.close()));
    },
  };
}

/** Lines in the export flood's room: F-13's 3,600-line room. */
export const EXPORT_ROOM_LINES = 3600;

/** What the export flood asks for, in turn (ABUSE_EXPORT_FORMATS, comma-separated, to change it). */
const EXPORT_FORMATS = (process.env.ABUSE_EXPORT_FORMATS ?? 'txt,md,srt,vtt,json').split(',');

/** Identities asking at once: the room's host and three members (F-13's four exports at once). */
const EXPORTERS = 4;

/**
 * F-13 (issue 29): a room of 3,600 long typed lines; its host and three members ask for its
 * export over and over, four at once, each reading the whole answer before asking again.
 */
function exportFlood(): Attack {
  const counts: AttackCounts = { sent: 0, served: 0, refused: 0 };
  let sockets: CaptionClient[] = [];
  let exporters: GuestUserWithCredential[] = [];
  let url = '';
  let roomId = '';
  return {
    counts,
    async prepare(target) {
      url = target;
      const user = await createGuest(url, 'Exporter');
      const host = await CaptionClient.connect(url, { user });
      roomId = host.roomId;
      const others = await Promise.all(
        Array.from({ length: 9 }, () => CaptionClient.connect(url, { user, roomId })),
      );
      sockets = [host, ...others];
      // 3,600 lines, 40 a socket at a time (under the 50 a second that would close one), each
      // batch once the last is shown: a socket more than 200 messages behind is closed. The
      // bench's server lets the room be filled at once.
      const perSocket = EXPORT_ROOM_LINES / sockets.length;
      for (let j = 0; j < perSocket; j += 40) {
        const upTo = Math.min(j + 40, perSocket);
        for (const [i, socket] of sockets.entries())
          for (let k = j; k < upTo; k++)
            socket.send({ type: 'typed-message', text: `${i}.${k} ${FLOOD_LINE}` });
        const shown = upTo * sockets.length;
        await host.waitFor((m) => m.type === 'transcript' && m.seq >= shown, 300_000);
        await sleep(1000);
      }
      const status = host.received.find((r) => r.message.type === 'room-status')!
        .message as ServerMessageOf<'room-status'>;
      exporters = [user];
      for (let i = 1; i < EXPORTERS; i++) {
        const member = await createGuest(url, `Exporter ${i}`);
        const found = await resolveRoomName(url, status.status.name!, member);
        sockets.push(await CaptionClient.connect(url, { user: member, roomId, token: found.token }));
        exporters.push(member);
      }
    },
    async run(stopped) {
      const ask = async (user: GuestUserWithCredential, first: number) => {
        for (let i = first; !stopped(); i++) {
          const format = EXPORT_FORMATS[i % EXPORT_FORMATS.length]!;
          counts.sent += 1;
          const response = await fetch(`${url}${API.roomTranscriptExport(roomId, { format })}`, {
            headers: guestHeaders(user),
          }).catch(() => undefined);
          const body = await response?.arrayBuffer().catch(() => undefined);
          if (response?.status === 200 && body) counts.served += 1;
          else {
            counts.refused += 1;
            // Refused (429 says to wait 2 s): asks again at once all the same, a little later.
            await sleep(50);
          }
        }
      };
      await Promise.all(exporters.map((user, i) => ask(user, i)));
    },
    close: async () => {
      await Promise.all(sockets.map((s) => s.close()));
    },
  };
}

export const FLOOD_ATTACKS = {
  'typed-flood': typedFlood,
  'export-flood': exportFlood,
} as const satisfies Record<string, () => Attack>;

/**
 * What a flood's server runs with beside the bench's own settings: the typed flood meets the
 * server's real typed-line limit (the bench lifts it so other attacks can fill their rooms).
 */
export const FLOOD_SERVER_ENV: Partial<Record<keyof typeof FLOOD_ATTACKS, Record<string, string>>> = {
  'typed-flood': { HEARKEN_TYPED_MESSAGES_PER_MINUTE: '60' },
};
