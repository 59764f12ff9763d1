/**
 * Open caption sockets per identity on this server (issue 29 F-02): one guest opened up to 300
 * sockets (the per-address cap) and multiplied everything counted per connection. A socket
 * counts from the moment it proves who it is until it closes.
 */
export class IdentitySockets {
  private readonly open = new Map<string, number>();

  constructor(readonly limit: number) {}

  /** Counts one more socket of `avaId`: the function that uncounts it (once), or undefined past the limit. */
  take(avaId: string): (() => void) | undefined {
    const now = this.open.get(avaId) ?? 0;
    if (now >= this.limit) return undefined;
    this.open.set(avaId, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(avaId) ?? 1) - 1;
      if (left > 0) this.open.set(avaId, left);
      else this.open.delete(avaId);
    };
  }

  openFor(avaId: string): number {
    return this.open.get(avaId) ?? 0;
  }
}
