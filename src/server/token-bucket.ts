/**
 * A token bucket: a steady rate with a burst allowance, so a client catching up after a network
 * stall is served while a flood is refused. The socket keeps one per connection
 * (socket/connection.ts), the HTTP limits one per client address (http/address-limits.ts).
 */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  /** Takes `cost` tokens if available; returns false (and takes nothing) when over the limit. */
  take(cost = 1): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.ratePerSecond);
    this.last = t;
    if (this.tokens < cost) return false;
    this.tokens -= cost;
    return true;
  }
}
