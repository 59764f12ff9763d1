/**
 * Exports made at once (issue 29 F-13): four exports of a 3,600-line room at the same time raised
 * another room's final-caption delay from 0.21 s to 1.69 s and took 0.46 GB. One export per
 * identity at a time, a few on the server at once, and a short queue behind them; beyond it, the
 * export is refused (429) and the person asked to try again in a moment.
 */
export const EXPORTS_AT_ONCE = 2;
export const EXPORTS_WAITING = 8;

export class ExportGate {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly busy = new Set<string>();

  constructor(
    private readonly atOnce = EXPORTS_AT_ONCE,
    private readonly maxWaiting = EXPORTS_WAITING,
  ) {}

  /** Runs `work` for `who` when a place is free, or answers 'busy' without running it. */
  async run<T>(who: string, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> {
    if (this.busy.has(who)) return { ok: false };
    if (this.running >= this.atOnce && this.waiting.length >= this.maxWaiting) return { ok: false };
    this.busy.add(who);
    try {
      // A place is handed over by the export that ends (below), so `running` never passes atOnce.
      if (this.running >= this.atOnce) await new Promise<void>((resolve) => this.waiting.push(resolve));
      else this.running += 1;
      try {
        return { ok: true, value: await work() };
      } finally {
        const next = this.waiting.shift();
        if (next) next();
        else this.running -= 1;
      }
    } finally {
      this.busy.delete(who);
    }
  }

  get inProgress(): number {
    return this.running;
  }
}
