/**
 * Ends rooms people walked away from. A room ends when its host ends it, but a host who closes
 * the tab leaves it ongoing for ever, holding its public name: with a few hundred thousand names,
 * they would run out. An ongoing room nobody has come into for HEARKEN_ROOM_ABANDON_MINUTES
 * (longer than any tier's conversation) and that is not live in this server is ended, and its
 * name released, as if the host had ended it. Its transcript stays for its members.
 */
import type { RoomRepository } from './repository';
import type { RoomRegistry } from './registry';

export const ABANDON_SWEEP_INTERVAL_MS = 5 * 60_000;

export interface AbandonSweepDeps {
  rooms: Pick<RoomRepository, 'endAbandoned'>;
  registry: Pick<RoomRegistry, 'rooms'>;
  abandonMs: number;
  now(): number;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

/**
 * The rooms' store as the server's sweep uses it: in a cluster, rooms live on any node are
 * spared (their leases), not only this one's; and each room it ends is counted in its accounts'
 * metrics as any ended conversation is.
 */
export function endAbandonedRooms(deps: {
  rooms: Pick<RoomRepository, 'endAbandoned'>;
  /** Cluster mode: the node, which knows the rooms any node holds a lease on. */
  cluster?: { leasedRooms(): Promise<string[]> } | undefined;
  countEnded(roomId: string): void;
}): AbandonSweepDeps['rooms'] {
  return {
    endAbandoned: async (beforeMs, nowMs, live) => {
      const leased = deps.cluster ? await deps.cluster.leasedRooms() : [];
      const ended = await deps.rooms.endAbandoned(beforeMs, nowMs, [...live, ...leased]);
      for (const id of ended) deps.countEnded(id);
      return ended;
    },
  };
}

/** One sweep: the ids of the rooms it ended. */
export async function sweepAbandonedRooms(deps: AbandonSweepDeps): Promise<string[]> {
  const now = deps.now();
  const live = deps.registry.rooms().map((r) => r.id);
  const ended = await deps.rooms.endAbandoned(now - deps.abandonMs, now, live);
  if (ended.length > 0)
    deps.log('info', `ended ${ended.length} abandoned rooms, releasing their names`, { ended });
  return ended;
}

/** Sweeps now and then every interval; returns the function that stops it. */
export function startAbandonSweep(
  deps: AbandonSweepDeps,
  intervalMs = ABANDON_SWEEP_INTERVAL_MS,
): () => void {
  const run = () =>
    void sweepAbandonedRooms(deps).catch((error: unknown) =>
      deps.log('warn', 'the abandoned-room sweep failed; it runs again later', {
        error: (error as Error).message,
      }),
    );
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
