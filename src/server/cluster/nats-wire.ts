/**
 * The NATS client protocol's wire format (https://docs.nats.io/reference/reference-protocols/nats-protocol),
 * the part this server uses: PUB, SUB, UNSUB, PING and PONG out; INFO, MSG, PING, PONG, +OK and
 * -ERR in. Pure: bytes in, events out, so the framing is tested without a server. Headers (HMSG)
 * are not asked for (CONNECT says headers: false), so the server never sends them.
 */

export type ServerEvent =
  | { kind: 'info'; info: Record<string, unknown> }
  | { kind: 'msg'; subject: string; sid: number; replyTo?: string; data: Buffer }
  | { kind: 'ping' }
  | { kind: 'pong' }
  | { kind: 'ok' }
  | { kind: 'err'; message: string };

const CRLF = Buffer.from('\r\n');

/** Splits what the server sends into events; keeps an incomplete tail for the next chunk. */
export class WireParser {
  private pending: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): ServerEvent[] {
    this.pending = this.pending.length === 0 ? chunk : Buffer.concat([this.pending, chunk]);
    const events: ServerEvent[] = [];
    let offset = 0;
    for (;;) {
      const end = this.pending.indexOf(CRLF, offset);
      if (end < 0) break;
      const line = this.pending.toString('latin1', offset, end);
      if (line.startsWith('MSG ')) {
        const parts = line.split(' ');
        const size = Number(parts[parts.length - 1]);
        const bodyStart = end + 2;
        // The payload and its CRLF have not all arrived: wait for more.
        if (this.pending.length < bodyStart + size + 2) break;
        const data = Buffer.from(this.pending.subarray(bodyStart, bodyStart + size));
        events.push({
          kind: 'msg',
          subject: parts[1] ?? '',
          sid: Number(parts[2]),
          ...(parts.length === 5 ? { replyTo: parts[3] } : {}),
          data,
        });
        offset = bodyStart + size + 2;
        continue;
      }
      offset = end + 2;
      if (line.startsWith('INFO '))
        events.push({ kind: 'info', info: JSON.parse(line.slice(5)) as Record<string, unknown> });
      else if (line === 'PING') events.push({ kind: 'ping' });
      else if (line === 'PONG') events.push({ kind: 'pong' });
      else if (line === '+OK') events.push({ kind: 'ok' });
      else if (line.startsWith('-ERR'))
        events.push({ kind: 'err', message: line.slice(4).trim().replace(/^'|'$/g, '') });
    }
    this.pending = offset === this.pending.length ? Buffer.alloc(0) : this.pending.subarray(offset);
    return events;
  }
}

/** Subjects are tokens separated by dots, without spaces: anything else would break the framing. */
export function validSubject(subject: string): boolean {
  return /^[^\s.]+(\.[^\s.]+)*$/.test(subject);
}

export function encodePub(subject: string, data: Buffer, replyTo?: string): Buffer {
  const head = `PUB ${subject}${replyTo ? ` ${replyTo}` : ''} ${data.length}\r\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), data, CRLF]);
}

export function encodeSub(subject: string, sid: number, queue?: string): Buffer {
  return Buffer.from(`SUB ${subject}${queue ? ` ${queue}` : ''} ${sid}\r\n`, 'latin1');
}

export function encodeUnsub(sid: number): Buffer {
  return Buffer.from(`UNSUB ${sid}\r\n`, 'latin1');
}

export function encodeConnect(name: string): Buffer {
  const options = {
    verbose: false,
    pedantic: false,
    name,
    lang: 'node',
    version: '1',
    protocol: 1,
    echo: true,
    headers: false,
  };
  return Buffer.from(`CONNECT ${JSON.stringify(options)}\r\n`, 'latin1');
}
