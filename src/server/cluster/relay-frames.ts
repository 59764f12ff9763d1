/**
 * The frames a relayed socket's two halves exchange over NATS: the front node (where the
 * client's socket is) and the owner (where its room is, running the connection code).
 * One byte of kind, then the body. Subjects (all internal to the cluster; NATS must not be
 * reachable by clients, docs/deploy.md):
 *   hearken.cluster.open.<node>   request: a front asks a room's owner to serve a socket
 *   hearken.cluster.c.<conn>.in   front to owner: what the client sent
 *   hearken.cluster.c.<conn>.out  owner to front: what to send, close, ping
 */

import type { ProviderSocketKind } from './forwarding';

export const openSubject = (node: string) => `hearken.cluster.open.${node}`;
export const inSubject = (conn: string) => `hearken.cluster.c.${conn}.in`;
export const outSubject = (conn: string) => `hearken.cluster.c.${conn}.out`;

/** Front to owner. */
export const IN_TEXT = 0;
export const IN_BINARY = 1;
export const IN_CLOSED = 2;
export const IN_PONG = 3;
/** Owner to front. */
export const OUT_TEXT = 0;
export const OUT_CLOSE = 1;
export const OUT_TERMINATE = 2;
export const OUT_PING = 3;
/** A message the front may skip if its client is slow (a partial caption). */
export const OUT_TEXT_DROPPABLE = 4;

export function frame(kind: number, body?: Buffer | string): Buffer {
  const data = body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body) : body;
  const out = Buffer.allocUnsafe(data.length + 1);
  out[0] = kind;
  data.copy(out, 1);
  return out;
}

/**
 * NATS refuses messages over its max_payload (1 MB by default) and drops the connection that
 * sent one; a client's message (up to the socket's 1 MiB) or a long room's snapshot may be
 * bigger. Such a frame goes as parts: every part but the last has MORE set in its kind byte.
 */
export const MORE = 0x80;
export const MAX_PART_BYTES = 256 * 1024;

export function framesOf(kind: number, body: Buffer | string): Buffer[] {
  const data = typeof body === 'string' ? Buffer.from(body) : body;
  if (data.length <= MAX_PART_BYTES) return [frame(kind, data)];
  const parts: Buffer[] = [];
  for (let at = 0; at < data.length; at += MAX_PART_BYTES) {
    const last = at + MAX_PART_BYTES >= data.length;
    parts.push(frame(last ? kind : kind | MORE, data.subarray(at, at + MAX_PART_BYTES)));
  }
  return parts;
}

/** Joins parts back into whole frames (one per direction of a relayed socket; NATS keeps their order). */
export class FrameJoiner {
  private parts: Buffer[] = [];
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The whole frame once its last part came; undefined while parts are missing or it is too big. */
  push(data: Buffer): Buffer | undefined {
    const kind = data[0] ?? 0;
    if (kind & MORE) {
      this.bytes += data.length - 1;
      if (this.bytes <= this.maxBytes) this.parts.push(data.subarray(1));
      return undefined;
    }
    if (this.parts.length === 0 && this.bytes === 0) return data;
    const whole = this.bytes + data.length - 1 <= this.maxBytes;
    const joined = whole ? frame(kind, Buffer.concat([...this.parts, data.subarray(1)])) : undefined;
    this.parts = [];
    this.bytes = 0;
    return joined;
  }
}

export function kindOf(data: Buffer): number {
  return data[0] ?? -1;
}

export function bodyOf(data: Buffer): Buffer {
  return data.subarray(1);
}

/** What the front sends with an open request: the client as the owner's connection code needs it. */
export interface OpenRequest {
  conn: string;
  roomId: string;
  /** The client's address as the front saw it (behind a trusted proxy, the person's). */
  address: string;
  origin?: string;
  /**
   * A provider's media socket (forwarding.ts), not a client's: the owner checks its handshake
   * (the URL it was opened on and the provider's signature of it) before accepting.
   */
  kind?: ProviderSocketKind;
  url?: string;
  signature?: string;
}

export function parseOpenRequest(data: Buffer): OpenRequest | undefined {
  try {
    const value = JSON.parse(data.toString('utf8')) as Partial<OpenRequest>;
    if (typeof value.conn !== 'string' || !/^[A-Za-z0-9]{8,64}$/.test(value.conn)) return undefined;
    if (typeof value.roomId !== 'string' || typeof value.address !== 'string') return undefined;
    if (value.origin !== undefined && typeof value.origin !== 'string') return undefined;
    if (value.kind !== undefined && value.kind !== 'phone-media' && value.kind !== 'meeting-audio')
      return undefined;
    if (value.kind !== undefined && typeof value.url !== 'string') return undefined;
    if (value.signature !== undefined && typeof value.signature !== 'string') return undefined;
    return {
      conn: value.conn,
      roomId: value.roomId,
      address: value.address,
      ...(value.origin ? { origin: value.origin } : {}),
      ...(value.kind ? { kind: value.kind, url: value.url! } : {}),
      ...(value.signature !== undefined ? { signature: value.signature } : {}),
    };
  } catch {
    return undefined;
  }
}

export interface CloseBody {
  code?: number;
  reason?: string;
}
