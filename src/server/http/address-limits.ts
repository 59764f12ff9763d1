/**
 * Limits on the HTTP calls anyone may make without an account and that write to the database
 * (guest creation, client logs), per client address: a flood from one address is refused with
 * 429 before it fills the database, while an office or a lecture hall behind one address still
 * gets in (the bursts are sized for a room of people arriving at once).
 */
import type { FastifyReply } from 'fastify';
import { apiError } from '../../shared/api';
import { TokenBucket } from '../token-bucket';

export interface Limit {
  ratePerSecond: number;
  burst: number;
}

/** Guests: 200 people joining from one venue's network at once, then 5 a second. */
export const GUEST_CREATION_LIMIT: Limit = { ratePerSecond: 5, burst: 200 };
/** Client log entries: a client sends at most 100 every 5 s; allow many clients per address. */
export const CLIENT_LOG_ENTRY_LIMIT: Limit = { ratePerSecond: 200, burst: 2000 };
/** Addresses remembered at once; the least recently seen is forgotten first (a fresh bucket). */
export const MAX_TRACKED_ADDRESSES = 10_000;

/** A per-key allowance: this process's buckets (AddressLimiter) or the cluster's (cluster/shared-limits.ts). */
export interface RateLimiter {
  /** Takes `cost` from `key`'s allowance; false (nothing taken) when over the limit. */
  take(key: string, cost?: number): boolean | Promise<boolean>;
  retryAfterSeconds(cost?: number): number;
}

export class AddressLimiter implements RateLimiter {
  private readonly buckets = new Map<string, TokenBucket>();

  constructor(
    private readonly limit: Limit,
    private readonly now: () => number = Date.now,
    private readonly maxAddresses = MAX_TRACKED_ADDRESSES,
  ) {}

  /** Takes `cost` from this address's allowance; false (nothing taken) when over the limit. */
  take(address: string, cost = 1): boolean {
    let bucket = this.buckets.get(address);
    if (bucket) {
      // Re-inserted so the map's order is least recently seen first.
      this.buckets.delete(address);
    } else {
      bucket = new TokenBucket(this.limit.ratePerSecond, this.limit.burst, this.now);
      if (this.buckets.size >= this.maxAddresses) {
        const oldest = this.buckets.keys().next().value;
        if (oldest !== undefined) this.buckets.delete(oldest);
      }
    }
    this.buckets.set(address, bucket);
    return bucket.take(cost);
  }

  get trackedAddresses(): number {
    return this.buckets.size;
  }

  /** Whole seconds until `cost` would fit again in a full-rate refill (for Retry-After). */
  retryAfterSeconds(cost = 1): number {
    return Math.max(1, Math.ceil(cost / this.limit.ratePerSecond));
  }
}

/** The 429 answer, with Retry-After, in the API's error shape. */
export function sendTooManyRequests(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(429)
    .header('Retry-After', String(retryAfterSeconds))
    .send(
      apiError('rate-limited', `Too many requests from this address. Try again in ${retryAfterSeconds} s.`),
    );
}
