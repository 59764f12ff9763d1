/**
 * A phone call or a meeting bot outlives its room's owner (docs/deploy.md, "A call or a bot
 * moves with its room"): when the owner dies and nobody comes back to the room, its call or bot
 * would go uncaptioned. So every node looks, every lease lifetime, for rooms without a lease
 * that still have a call or a bot on, and takes them (`open` loads such a room under this node's
 * new lease, which adopts its call and bot). Every node looks; the lease makes one of them win.
 */
export interface UnownedMediaDeps {
  /** How often to look (a lease lifetime). */
  everyMs: number;
  /** Rooms with a stored call or bot still on, and no lease. */
  unownedRoomsWithMedia(): Promise<string[]>;
  /** This node's lease of the room (taken when nobody holds it, a stale copy forgotten), or who holds it. */
  takeLease(roomId: string): Promise<{ token: string; acquired: boolean } | { holder?: string }>;
  /** The node is shutting down: it takes no more rooms. */
  closing(): boolean;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

export class UnownedMediaSweep {
  private timer: ReturnType<typeof setInterval> | undefined;
  private running = false;

  constructor(private readonly deps: UnownedMediaDeps) {}

  /** Looks every `everyMs`, one look at a time; `open` loads a room just taken. */
  start(open: (roomId: string) => Promise<void>): void {
    this.timer = setInterval(() => {
      if (this.running || this.deps.closing()) return;
      this.running = true;
      void this.look(open)
        .catch((error: Error) =>
          this.deps.log('warn', 'could not take the conversations of calls and bots nobody owns', {
            error: error.message,
          }),
        )
        .finally(() => (this.running = false));
    }, this.deps.everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async look(open: (roomId: string) => Promise<void>): Promise<void> {
    for (const roomId of await this.deps.unownedRoomsWithMedia()) {
      if (this.deps.closing()) return;
      const result = await this.deps.takeLease(roomId);
      if (!('token' in result) || !result.acquired) continue;
      this.deps.log('info', 'took a conversation nobody owned, for its phone call or meeting bot', {
        roomId,
      });
      await open(roomId).catch((error: Error) =>
        this.deps.log('warn', 'could not open a conversation taken for its call or bot', {
          roomId,
          error: error.message,
        }),
      );
    }
  }
}
