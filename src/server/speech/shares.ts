/**
 * Fair shares of the recogniser (issue 29 F-01): how many recognition streams one identity, and
 * one room, may hold at once on this server. The decoder cap alone is global: one guest opening
 * sockets into its own room and starting audio on each held every stream, and every other
 * speaker got `speech-unavailable`. Pure bookkeeping: the admission (admission.ts) asks and
 * tells it.
 */

/** Who a stream is for: the room, and the identity whose device sends it (its share is charged). */
export interface SpeechHolder {
  readonly roomId: string;
  readonly identity: string;
}

export interface SpeechShareLimits {
  /** Streams one identity may hold at once, over all its rooms and devices. */
  readonly maxStreamsPerIdentity: number;
  /** Streams one room may hold at once. */
  readonly maxStreamsPerRoom: number;
}

export type ShareRefusal = { kind: 'identity' | 'room'; held: number; limit: number };

export class SpeechShares {
  private readonly byIdentity = new Map<string, number>();
  private readonly byRoom = new Map<string, number>();

  constructor(private readonly limits: SpeechShareLimits) {}

  /** Why `holder` may not have one more stream now, or undefined when it may. */
  refusal(holder: SpeechHolder): ShareRefusal | undefined {
    const identity = this.byIdentity.get(holder.identity) ?? 0;
    if (identity >= this.limits.maxStreamsPerIdentity) {
      return { kind: 'identity', held: identity, limit: this.limits.maxStreamsPerIdentity };
    }
    const room = this.byRoom.get(holder.roomId) ?? 0;
    if (room >= this.limits.maxStreamsPerRoom) {
      return { kind: 'room', held: room, limit: this.limits.maxStreamsPerRoom };
    }
    return undefined;
  }

  /** Charges one stream to `holder`; the function returned gives it back (once, however often called). */
  take(holder: SpeechHolder): () => void {
    bump(this.byIdentity, holder.identity, 1);
    bump(this.byRoom, holder.roomId, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      bump(this.byIdentity, holder.identity, -1);
      bump(this.byRoom, holder.roomId, -1);
    };
  }

  heldBy(identity: string): number {
    return this.byIdentity.get(identity) ?? 0;
  }

  heldIn(roomId: string): number {
    return this.byRoom.get(roomId) ?? 0;
  }
}

function bump(counts: Map<string, number>, key: string, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

/**
 * The words a refused speaker reads: why, and that it is not their fault when it is the room's.
 * Their own share may be held by recordings they forgot, or that send nothing: those stop by
 * themselves after `silentMs` (socket/recording-watch.ts), and they are told so.
 */
export function shareRefusalMessage(refusal: ShareRefusal, silentMs: number): string {
  return refusal.kind === 'identity'
    ? `you are already captioned on ${refusal.held} streams, the most one person may have at once (${refusal.limit}); stop one to start another (a recording that sends no audio stops by itself after ${Math.round(silentMs / 1000)} s)`
    : `this conversation already has ${refusal.held} speakers captioned, the most one conversation may have at once (${refusal.limit}); try again when someone stops`;
}
