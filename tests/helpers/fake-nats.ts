import type { NatsMessage, Subscription } from '../../src/server/cluster/nats';
import { NatsTimeout } from '../../src/server/cluster/nats';

/**
 * NATS in memory, for the cluster's unit tests: exact subjects only (no wildcards), delivered in
 * a microtask as the real connection delivers on a later read; a request times out at once when
 * nobody answers. Every node of a test shares one.
 */
export class FakeNats {
  private readonly subs = new Map<string, Set<(message: NatsMessage) => void>>();
  private nextInbox = 1;
  /** Everything published, in order. */
  readonly published: { subject: string; data: Buffer; replyTo?: string }[] = [];
  bufferedBytes = 0;

  subscribe(subject: string, handler: (message: NatsMessage) => void): Subscription {
    let set = this.subs.get(subject);
    if (!set) this.subs.set(subject, (set = new Set()));
    set.add(handler);
    return { unsubscribe: () => void set.delete(handler) };
  }

  publish(subject: string, data: Buffer | string, replyTo?: string): void {
    const message = { subject, data: Buffer.from(data), ...(replyTo !== undefined ? { replyTo } : {}) };
    this.published.push(message);
    const handlers = [...(this.subs.get(subject) ?? [])];
    queueMicrotask(() => {
      for (const handler of handlers) handler(message);
    });
  }

  request(subject: string, data: Buffer | string, _timeoutMs: number): Promise<Buffer> {
    if ((this.subs.get(subject)?.size ?? 0) === 0) return Promise.reject(new NatsTimeout('no answer'));
    const inbox = `_INBOX.fake.${this.nextInbox++}`;
    return new Promise((resolve) => {
      const sub = this.subscribe(inbox, (message) => {
        sub.unsubscribe();
        resolve(message.data);
      });
      this.publish(subject, data, inbox);
    });
  }

  /** How many handlers listen on `subject` now. */
  listeners(subject: string): number {
    return this.subs.get(subject)?.size ?? 0;
  }

  /** Lets every delivery queued so far (and those they queue) happen. */
  async settle(): Promise<void> {
    for (let i = 0; i < 10; i++) await new Promise<void>((resolve) => setImmediate(resolve));
  }
}
