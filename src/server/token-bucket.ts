/**
 * A token bucket: a steady rate with a burst allowance, so a client catching up after a network
 * stall is served while a flood is refused. The socket keeps one per connection
 * (socket/connection.ts), the HTTP limits one per client address (http/address-limits.ts).
 *
 * Given the server's own stalls (loop-stalls.ts), the bucket fills through them without its cap:
 * whatever a client sent while the server was not reading arrives together once it reads again,
 * and that is the server's lateness, not the client's flood. Tokens above the burst drain at the
 * rate they would otherwise have filled, so what a stall gave lasts about as long as the stall.
 */
export class TokenBucket {
  private tokens: number;
  private last: number;
  private lastStalled: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
    /** Milliseconds the server has been stalled in all (never decreasing); none: no stalls are given back. */
    private readonly stalledMs: () => number = () => 0,
  ) {
    this.tokens = burst;
    this.last = now();
    this.lastStalled = stalledMs();
  }

  /** Takes `cost` tokens if available; returns false (and takes nothing) when over the limit. */
  take(cost = 1): boolean {
    const t = this.now();
    const stalled = this.stalledMs();
    const elapsed = Math.max(0, t - this.last);
    const stall = Math.min(elapsed, Math.max(0, stalled - this.lastStalled));
    const steady = ((elapsed - stall) / 1000) * this.ratePerSecond;
    this.tokens =
      this.tokens > this.burst
        ? Math.max(this.burst, this.tokens - steady)
        : Math.min(this.burst, this.tokens + steady);
    this.tokens += (stall / 1000) * this.ratePerSecond;
    this.last = t;
    this.lastStalled = stalled;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
}
