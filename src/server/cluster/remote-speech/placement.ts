/**
 * Where a speaker's stream is decoded when its room's owner has no room for it (docs/cluster.md,
 * "Speech decoded where there is capacity"): pure, no I/O. Every node publishes its decoders'
 * state (NodeLoad) every LOAD_EVERY_MS; each node keeps the latest of each in a LoadBoard. The
 * board is also the owner's heartbeat of a decoding node: a node not heard from for
 * NODE_DEAD_AFTER_MS is taken for dead and its streams move.
 */

/** What a node says of its speech decoders. */
export interface NodeLoad {
  node: string;
  /** Streams it decodes now (its own rooms' and other nodes'). */
  open: number;
  /** Its cap on streams (HEARKEN_MAX_DECODERS). */
  cap: number;
  /** Streams it would take now: 0 when at its cap or past its load limit. */
  free: number;
  /** The busiest worker's measured share of time (pool.decoderLoad), when measured. */
  load?: number;
}

/** How often each node publishes its NodeLoad. */
export const LOAD_EVERY_MS = 500;
/**
 * A node not heard from for this long is dead to placement: no stream goes to it, and the
 * streams it decodes move. Four missed publications: a busy event loop on a shared machine
 * stalls for a second now and then, and a wrong move costs a re-decoded line, not a lost one.
 */
export const NODE_DEAD_AFTER_MS = 2000;

interface Entry {
  load: NodeLoad;
  /** When it was heard (the board's clock). */
  heardAt: number;
}

export class LoadBoard {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly deadAfterMs = NODE_DEAD_AFTER_MS) {}

  heard(load: NodeLoad, now: number): void {
    this.entries.set(load.node, { load: { ...load }, heardAt: now });
  }

  /** Whether `node` was heard from recently enough to be taken for alive. */
  alive(node: string, now: number): boolean {
    const entry = this.entries.get(node);
    return entry !== undefined && now - entry.heardAt <= this.deadAfterMs;
  }

  /** The live nodes' latest loads. */
  live(now: number): NodeLoad[] {
    return [...this.entries.values()].filter((e) => now - e.heardAt <= this.deadAfterMs).map((e) => e.load);
  }

  /**
   * A stream was just placed on `node`: counted against its free slots until it next publishes,
   * so that several speakers starting at once spread instead of all landing on the same node.
   */
  reserve(node: string): void {
    const entry = this.entries.get(node);
    if (!entry) return;
    entry.load.free = Math.max(0, entry.load.free - 1);
    entry.load.open += 1;
  }

  /** Forgets nodes not heard from for a long time (their names would otherwise pile up). */
  prune(now: number): void {
    for (const [node, entry] of this.entries)
      if (now - entry.heardAt > this.deadAfterMs * 10) this.entries.delete(node);
  }
}

/**
 * The node a stream goes to: among `loads` (live nodes), not `self` and not in `exclude` (nodes
 * that refused or lost this stream), the one with the most free slots; ties go to the one with
 * the lowest measured load, then the fewest streams, then the name (so every owner agrees).
 * Undefined: no node has room.
 */
export function chooseNode(
  loads: readonly NodeLoad[],
  self: string,
  exclude: ReadonlySet<string> = new Set(),
): string | undefined {
  const candidates = loads.filter((l) => l.node !== self && !exclude.has(l.node) && l.free > 0);
  candidates.sort(
    (x, y) =>
      y.free - x.free ||
      (x.load ?? 0) - (y.load ?? 0) ||
      x.open - y.open ||
      (x.node < y.node ? -1 : x.node > y.node ? 1 : 0),
  );
  return candidates[0]?.node;
}

/** What a node publishes of its pool: free slots are none once at the cap or past the load limit. */
export function loadOf(
  node: string,
  pool: { open: number; cap: number; hasRoom: boolean; load: number | undefined },
): NodeLoad {
  const free = pool.hasRoom ? Math.max(0, pool.cap - pool.open) : 0;
  return {
    node,
    open: pool.open,
    cap: pool.cap,
    free,
    ...(pool.load !== undefined ? { load: pool.load } : {}),
  };
}
