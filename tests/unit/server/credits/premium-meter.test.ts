/**
 * Premium credit counted down on the server (docs/credits.md): by the second while Premium
 * serves someone on credit, recurring before extra, stored every few seconds as a decrement,
 * never below 0, never twice; each stream told once when it runs out. A fake clock throughout.
 */
import { describe, expect, it } from 'vitest';
import { PremiumMeter, SAVE_EVERY_MS } from '../../../../src/server/credits/premium-meter';
import { type UserCredits, normaliseCredits, spendPremium } from '../../../../src/shared/credits';
import { FakeIntervalClock } from '../../../helpers/fake-interval-clock';

/** user_credits in memory, spending as CreditRepository does (one decrement, recurring first). */
class MemoryCredits {
  readonly stored = new Map<string, UserCredits>();
  readonly spends: number[] = [];
  failNext = 0;

  constructor(initial: Record<string, Partial<UserCredits>>) {
    for (const [avaId, c] of Object.entries(initial)) this.stored.set(avaId, normaliseCredits(c));
  }

  async get(avaId: string): Promise<UserCredits> {
    return this.stored.get(avaId) ?? normaliseCredits(undefined);
  }

  async spendPremium(avaId: string, ms: number): Promise<UserCredits> {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('database unavailable');
    }
    this.spends.push(ms);
    const now = await this.get(avaId);
    this.stored.set(avaId, spendPremium(now, ms));
    return this.get(avaId);
  }

  grant(avaId: string, extra: number): void {
    const now = this.stored.get(avaId)!;
    this.stored.set(avaId, { ...now, extraPremiumASRCredit: now.extraPremiumASRCredit + extra });
  }
}

function setup(initial: Record<string, Partial<UserCredits>>) {
  const clock = new FakeIntervalClock(1_000_000);
  const credits = new MemoryCredits(initial);
  const meter = new PremiumMeter({ credits, clock, log: () => undefined });
  /** Moves the clock on second by second, letting the stores finish after each tick. */
  const seconds = async (n: number) => {
    for (let i = 0; i < n; i++) {
      clock.advance(1000);
      await meter.settled();
    }
  };
  return { clock, credits, meter, seconds };
}

describe('PremiumMeter', () => {
  it('counts 1000 ms per tick and stores it every few seconds, recurring credit before extra', async () => {
    const { credits, meter, seconds } = setup({
      ada: { recurringPremiumASRCredit: 3000, extraPremiumASRCredit: 60_000 },
    });
    meter.start('ada', () => undefined);
    await meter.settled();
    await seconds(SAVE_EVERY_MS / 1000 - 1);
    // Counted, not yet stored.
    expect(credits.spends).toEqual([]);
    expect(meter.balanceOf('ada')).toBe(63_000 - (SAVE_EVERY_MS - 1000));
    await seconds(1);
    expect(credits.spends).toEqual([SAVE_EVERY_MS]);
    expect(await credits.get('ada')).toEqual({
      scribeCredit: 0,
      recurringPremiumASRCredit: 0,
      extraPremiumASRCredit: 63_000 - SAVE_EVERY_MS,
    });
  });

  it('counts one person once however many of their streams run', async () => {
    const { credits, meter, seconds } = setup({ ada: { extraPremiumASRCredit: 60_000 } });
    const stopMic = meter.start('ada', () => undefined);
    const stopComputer = meter.start('ada', () => undefined);
    await seconds(5);
    stopMic();
    stopComputer();
    await meter.settled();
    expect((await credits.get('ada')).extraPremiumASRCredit).toBe(55_000);
  });

  it('stores the part of a second served when the stream stops, and stops ticking', async () => {
    const { clock, credits, meter, seconds } = setup({ ada: { extraPremiumASRCredit: 60_000 } });
    const stop = meter.start('ada', () => undefined);
    await seconds(2);
    clock.advance(500);
    stop();
    await meter.settled();
    expect((await credits.get('ada')).extraPremiumASRCredit).toBe(57_500);
    expect(clock.running).toBe(0);
    // Time after the stop is nobody's.
    await seconds(10);
    expect((await credits.get('ada')).extraPremiumASRCredit).toBe(57_500);
  });

  it('tells each stream once when the credit runs out, spending exactly what there was', async () => {
    const { credits, meter, seconds } = setup({
      ada: { recurringPremiumASRCredit: 2000, extraPremiumASRCredit: 1500 },
    });
    const told: string[] = [];
    meter.start('ada', () => told.push('mic'));
    meter.start('ada', () => told.push('computer'));
    await meter.settled();
    await seconds(3);
    expect(told).toEqual([]);
    await seconds(1);
    expect(told).toEqual(['mic', 'computer']);
    await seconds(5);
    expect(told).toEqual(['mic', 'computer']);
    expect(await credits.get('ada')).toEqual(normaliseCredits(undefined));
    expect(credits.spends.reduce((a, b) => a + b, 0)).toBe(3500);
  });

  it('tells a stream at once when it starts with no credit left', async () => {
    const { meter, seconds } = setup({ ada: { extraPremiumASRCredit: -500 } });
    let told = 0;
    meter.start('ada', () => (told += 1));
    await meter.settled();
    await seconds(1);
    expect(told).toBe(1);
  });

  it('loses at most SAVE_EVERY_MS in a crash: what was stored stays stored', async () => {
    const { credits, meter, seconds } = setup({ ada: { extraPremiumASRCredit: 60_000 } });
    meter.start('ada', () => undefined);
    await meter.settled();
    await seconds(SAVE_EVERY_MS / 1000 + 2);
    // The process dies here: nothing more is stored.
    expect((await credits.get('ada')).extraPremiumASRCredit).toBe(60_000 - SAVE_EVERY_MS);
  });

  it('tries a failed store again and spends each second once', async () => {
    const { credits, meter, seconds } = setup({ ada: { extraPremiumASRCredit: 60_000 } });
    credits.failNext = 1;
    const stop = meter.start('ada', () => undefined);
    await meter.settled();
    await seconds(5); // the store fails
    expect(credits.spends).toEqual([]);
    await seconds(1); // tried again with everything waiting
    expect(credits.spends).toEqual([6000]);
    stop();
    await meter.settled();
    expect((await credits.get('ada')).extraPremiumASRCredit).toBe(54_000);
  });

  it('counts a grant made meanwhile (a purchase) and never writes an old balance over it', async () => {
    const { credits, meter, seconds } = setup({ ada: { extraPremiumASRCredit: 10_000 } });
    const stop = meter.start('ada', () => undefined);
    await meter.settled();
    await seconds(2);
    credits.grant('ada', 100_000);
    await seconds(3);
    expect(meter.balanceOf('ada')).toBe(105_000);
    stop();
    await meter.settled();
    expect((await credits.get('ada')).extraPremiumASRCredit).toBe(105_000);
  });

  it('stores everything counted on close', async () => {
    const { credits, meter, seconds } = setup({
      ada: { extraPremiumASRCredit: 10_000 },
      bo: { recurringPremiumASRCredit: 10_000 },
    });
    meter.start('ada', () => undefined);
    meter.start('bo', () => undefined);
    await meter.settled();
    await seconds(3);
    await meter.close();
    expect((await credits.get('ada')).extraPremiumASRCredit).toBe(7000);
    expect((await credits.get('bo')).recurringPremiumASRCredit).toBe(7000);
  });
});
