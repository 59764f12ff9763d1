/**
 * The attacks `npm run bench:abuse` runs against a server while an honest person speaks in
 * another room (the trust findings: issues 29, 31, 32), each written as the attacker sends it,
 * from one identity. Each attack sets itself up (`prepare`: its room filled, its sockets open),
 * then runs until stopped (`run`), counting what it sent and what the server answered.
 *
 * They run in a process of their own (abuse-attacker.ts), so the attacker's work never slows the
 * honest speaker's client: only the server is shared, as in life.
 */
import { API } from '../../src/shared/api';
import type { ServerMessage } from '../../src/shared/protocol';
import { CaptionClient, createGuest } from './socket-client';
import { FLOOD_ATTACKS, FLOOD_SERVER_ENV } from './abuse-attacks-floods';
import { TRUST_ATTACKS } from './abuse-attacks-trust';
import { CLIENT_ENDINGS, UPGRADE_PATHS, upgradeAndLeave } from './upgrade-endings';

export interface AttackCounts {
  sent: number;
  /** Answers that did what the attacker wanted (a page of finals, an upgrade taken...). */
  served: number;
  /** Answers that refused (rate-limited, 401, 404, 429...). */
  refused: number;
}

export interface Attack {
  /** Sets the attack up: run before the honest speaker starts. */
  prepare(url: string): Promise<void>;
  /** Attacks until `stopped` says so. */
  run(stopped: () => boolean): Promise<void>;
  counts: AttackCounts;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A long typed line (the typed limit is 500 characters), so each page of them is heavy. */
const LONG_LINE = 'The quarterly figures were discussed at length by everyone present. '
  .repeat(7)
  .slice(0, 450);

/**
 * N-4 (issue 32): one guest, ten sockets in its own room of 200 long lines, each asking
 * `transcripts-since` from the very start ten times a second.
 */
function sinceFlood(): Attack {
  const counts: AttackCounts = { sent: 0, served: 0, refused: 0 };
  let sockets: CaptionClient[] = [];
  const count = (m: ServerMessage) => {
    if (m.type === 'transcripts-since-response') counts.served += 1;
    else if (m.type === 'error' && m.inReplyTo === 'transcripts-since') counts.refused += 1;
  };
  return {
    counts,
    async prepare(url) {
      const user = await createGuest(url, 'Pager');
      const host = await CaptionClient.connect(url, { user });
      sockets = [
        host,
        ...(await Promise.all(
          Array.from({ length: 9 }, () => CaptionClient.connect(url, { user, roomId: host.roomId })),
        )),
      ];
      // 200 lines typed from the ten sockets, 20 each (the bench's server takes them at once).
      for (const [i, socket] of sockets.entries())
        for (let j = 0; j < 20; j++) socket.send({ type: 'typed-message', text: `${i}.${j} ${LONG_LINE}` });
      await host.waitFor((m) => m.type === 'transcript' && m.seq >= 200 && m.transcript.isFinal, 60_000);
      for (const socket of sockets) socket.onMessage((r) => count(r.message));
    },
    async run(stopped) {
      while (!stopped()) {
        for (const socket of sockets) {
          socket.send({ type: 'transcripts-since', afterSeq: 0 });
          counts.sent += 1;
        }
        await sleep(100);
      }
    },
    close: async () => {
      await Promise.all(sockets.map((s) => s.close()));
    },
  };
}

/**
 * N-6 (issue 32): upgrades on every WebSocket path, each left by a reset or a close, or fed a
 * frame the server must refuse, 50 at a time, as fast as they go.
 */
function upgradeResets(): Attack {
  const counts: AttackCounts = { sent: 0, served: 0, refused: 0 };
  let target = '';
  return {
    counts,
    async prepare(url) {
      target = url;
      const health = await fetch(`${url}${API.health}`);
      if (!health.ok) throw new Error(`the server answers health with ${health.status}`);
    },
    async run(stopped) {
      let i = 0;
      while (!stopped()) {
        const batch = Array.from({ length: 50 }, () => {
          i += 1;
          const path = UPGRADE_PATHS[i % UPGRADE_PATHS.length]!;
          const ending = CLIENT_ENDINGS[Math.floor(i / UPGRADE_PATHS.length) % CLIENT_ENDINGS.length]!;
          return upgradeAndLeave(target, path, ending);
        });
        counts.sent += batch.length;
        for (const attempt of await Promise.all(batch)) {
          if (attempt.status === 101) counts.served += 1;
          else if (attempt.status !== undefined) counts.refused += 1;
        }
      }
    },
    close: async () => undefined,
  };
}

export const ATTACKS = {
  'since-flood': sinceFlood,
  'upgrade-resets': upgradeResets,
  ...TRUST_ATTACKS,
  ...FLOOD_ATTACKS,
} as const satisfies Record<string, () => Attack>;

export type AttackName = keyof typeof ATTACKS;

/** Settings an attack's server runs with beside the bench's own (abuse-attacks-floods.ts). */
export const ATTACK_SERVER_ENV: Partial<Record<AttackName, Record<string, string>>> = FLOOD_SERVER_ENV;

export function isAttackName(name: string): name is AttackName {
  return Object.hasOwn(ATTACKS, name);
}
