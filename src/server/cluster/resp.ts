/**
 * The Redis protocol (RESP2), the part the shared rate limits use: commands out as arrays of bulk
 * strings, and replies in (simple strings, errors, integers, bulk strings, arrays). Pure, so the
 * framing is tested without a server.
 */

export type Reply = string | number | null | Error | Reply[];

export function encodeCommand(args: (string | number)[]): Buffer {
  const parts = [`*${args.length}\r\n`];
  for (const arg of args) {
    const text = String(arg);
    parts.push(`$${Buffer.byteLength(text)}\r\n${text}\r\n`);
  }
  return Buffer.from(parts.join(''));
}

/** Replies from a byte stream; keeps an incomplete tail for the next chunk. */
export class ReplyParser {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Reply[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const replies: Reply[] = [];
    let offset = 0;
    for (;;) {
      const parsed = this.parse(offset);
      if (!parsed) break;
      replies.push(parsed.reply);
      offset = parsed.next;
    }
    this.pending = this.pending.subarray(offset);
    return replies;
  }

  private parse(offset: number): { reply: Reply; next: number } | undefined {
    const end = this.pending.indexOf('\r\n', offset);
    if (end < 0) return undefined;
    const kind = String.fromCharCode(this.pending[offset] ?? 0);
    const line = this.pending.toString('utf8', offset + 1, end);
    const next = end + 2;
    switch (kind) {
      case '+':
        return { reply: line, next };
      case '-':
        return { reply: new Error(line), next };
      case ':':
        return { reply: Number(line), next };
      case '$': {
        const size = Number(line);
        if (size < 0) return { reply: null, next };
        if (this.pending.length < next + size + 2) return undefined;
        return { reply: this.pending.toString('utf8', next, next + size), next: next + size + 2 };
      }
      case '*': {
        const count = Number(line);
        if (count < 0) return { reply: null, next };
        const items: Reply[] = [];
        let at = next;
        for (let i = 0; i < count; i++) {
          const item = this.parse(at);
          if (!item) return undefined;
          items.push(item.reply);
          at = item.next;
        }
        return { reply: items, next: at };
      }
      default:
        throw new Error(`unreadable Redis reply starting with ${JSON.stringify(kind)}`);
    }
  }
}
