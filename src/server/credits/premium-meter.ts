/**
 * Premium credit counted down on the server while Premium recognition serves someone on credit
 * (docs/credits.md). One count per person, however many of their streams run: the time they
 * are served, by the second (CREDIT_TICK_MS). Spending is remembered in memory and stored as a
 * decrement (CreditRepository.spendPremium, one SQL statement) at least every SAVE_EVERY_MS, when
 * the credit runs out and when the last stream stops, so a crash loses at most those few seconds
 * (in the person's favour) and nothing is ever spent twice: a stored decrement is taken off what
 * is waiting only once it is stored, and a grant made meanwhile (a purchase) is never
 * overwritten, since no balance is ever written back.
 *
 * When the credit is gone, each of the person's streams is told once (`onExhausted`); the room
 * moves it to Basic from its next utterance. The clock is injected: tests use a fake one.
 */
import { CREDIT_TICK_MS, premiumCredit, type UserCredits } from '../../shared/credits';

/** Spending waits at most this long in memory before it is stored. */
export const SAVE_EVERY_MS = 5000;

export interface MeterClock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export const realMeterClock: MeterClock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => {
    const handle = setInterval(fn, ms);
    handle.unref();
    return handle;
  },
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface PremiumMeterDeps {
  credits: {
    get(avaId: string): Promise<UserCredits>;
    spendPremium(avaId: string, ms: number, nowMs: number): Promise<UserCredits>;
  };
  clock: MeterClock;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

interface Account {
  avaId: string;
  /** Credit left as this server knows it (stored credit minus `unsavedMs`); undefined until read. */
  balanceMs: number | undefined;
  /** Spent and not yet stored. */
  unsavedMs: number;
  /** Counted up to this clock time. */
  countedToMs: number;
  /** The streams being served, each with what to do when the credit is gone. */
  streams: Set<() => void>;
  exhausted: boolean;
  /** Stores one at a time, in order. */
  saving: Promise<void>;
}

export class PremiumMeter {
  private readonly accounts = new Map<string, Account>();
  private ticker: unknown;
  private closed = false;

  constructor(private readonly deps: PremiumMeterDeps) {}

  /** Credit left for `avaId` as counted here (undefined when not being counted). */
  balanceOf(avaId: string): number | undefined {
    return this.accounts.get(avaId)?.balanceMs;
  }

  /**
   * A Premium stream of `avaId`'s, served on their credit, starts: counted until the returned
   * function is called. `onExhausted` is called once if the credit runs out meanwhile.
   */
  start(avaId: string, onExhausted: () => void): () => void {
    let account = this.accounts.get(avaId);
    if (!account) {
      account = {
        avaId,
        balanceMs: undefined,
        unsavedMs: 0,
        countedToMs: this.deps.clock.now(),
        streams: new Set(),
        exhausted: false,
        saving: Promise.resolve(),
      };
      this.accounts.set(avaId, account);
      this.read(account);
    }
    // Counted from now: time nobody was served is not.
    if (account.streams.size === 0) account.countedToMs = this.deps.clock.now();
    // A listener of its own, so the same function given twice is two streams.
    const listener = () => onExhausted();
    account.streams.add(listener);
    if (account.exhausted) queueMicrotask(listener);
    this.ensureTicking();
    let stopped = false;
    return () => {
      if (stopped) return;
      stopped = true;
      this.stop(account, listener);
    };
  }

  /** Stores everything counted and stops counting (the server is shutting down). */
  async close(): Promise<void> {
    this.closed = true;
    this.deps.clock.clearInterval(this.ticker);
    this.ticker = undefined;
    for (const account of this.accounts.values()) {
      this.count(account, this.deps.clock.now());
      this.save(account);
    }
    await Promise.all([...this.accounts.values()].map((a) => a.saving));
  }

  /** Waits for the stores under way (tests). */
  async settled(): Promise<void> {
    await Promise.all([...this.accounts.values()].map((a) => a.saving));
  }

  private read(account: Account): void {
    account.saving = account.saving.then(async () => {
      try {
        const credits = await this.deps.credits.get(account.avaId);
        account.balanceMs = Math.max(0, premiumCredit(credits) - account.unsavedMs);
      } catch (error) {
        // Unknown until the next store answers: counted meanwhile, spent then.
        this.deps.log('warn', 'could not read Premium credit; counting on', {
          error: (error as Error).message,
        });
      }
    });
  }

  private ensureTicking(): void {
    if (this.ticker !== undefined || this.closed) return;
    this.ticker = this.deps.clock.setInterval(() => this.tick(), CREDIT_TICK_MS);
  }

  private tick(): void {
    const now = this.deps.clock.now();
    for (const account of this.accounts.values()) {
      this.count(account, now);
      if (account.streams.size === 0) {
        // Its streams stopped while a store failed: tried again until stored, then forgotten.
        this.save(account);
        this.forgetIfDone(account);
      } else if (account.balanceMs === 0 && !account.exhausted) {
        account.exhausted = true;
        this.deps.log('info', 'Premium credit ran out; Basic from the next utterance', {});
        this.save(account);
        for (const listener of [...account.streams]) listener();
      } else if (account.unsavedMs >= SAVE_EVERY_MS) {
        this.save(account);
      }
    }
  }

  /** The time served since it was last counted, taken from the balance (never below 0). */
  private count(account: Account, now: number): void {
    const elapsed = Math.max(0, now - account.countedToMs);
    account.countedToMs = now;
    if (account.exhausted || account.streams.size === 0) return;
    const spend = account.balanceMs === undefined ? elapsed : Math.min(elapsed, account.balanceMs);
    account.unsavedMs += spend;
    if (account.balanceMs !== undefined) account.balanceMs -= spend;
  }

  private save(account: Account): void {
    account.saving = account.saving.then(async () => {
      const amount = account.unsavedMs;
      if (amount <= 0) return;
      try {
        const left = await this.deps.credits.spendPremium(account.avaId, amount, this.deps.clock.now());
        account.unsavedMs -= amount;
        // What the database says now, less what was counted since: a grant made meanwhile counts.
        account.balanceMs = Math.max(0, premiumCredit(left) - account.unsavedMs);
        // Credit given again (a purchase): streams started from now on are served on it.
        if (account.balanceMs > 0) account.exhausted = false;
      } catch (error) {
        this.deps.log('warn', 'could not store Premium credit spent; trying again', {
          error: (error as Error).message,
        });
      }
    });
  }

  private stop(account: Account, listener: () => void): void {
    // Counted up to now while the stream was still being served.
    this.count(account, this.deps.clock.now());
    account.streams.delete(listener);
    if (account.streams.size > 0) return;
    this.save(account);
    this.forgetIfDone(account);
  }

  /** An account nobody is served on any more is forgotten once all it spent is stored. */
  private forgetIfDone(account: Account): void {
    const done = account.saving;
    void done.then(() => {
      if (
        account.streams.size > 0 ||
        account.unsavedMs > 0 ||
        account.saving !== done ||
        this.accounts.get(account.avaId) !== account
      )
        return;
      this.accounts.delete(account.avaId);
      if (this.accounts.size === 0 && this.ticker !== undefined) {
        this.deps.clock.clearInterval(this.ticker);
        this.ticker = undefined;
      }
    });
  }
}
