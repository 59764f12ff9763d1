/**
 * The frames a relayed socket's two halves exchange over NATS: the front node (where the
 * client's socket is) and the owner (where its room is, running the connection code).
 * One byte of kind, then the body. Subjects (all internal to the cluster; NATS must not be
 * reachable by clients, docs/deploy.md):
 *   hearken.cluster.open.<node>   request: a front asks a room's owner to serve a socket
 *   hearken.cluster.c.<conn>.in   front to owner: what the client sent
 *   hearken.cluster.c.<conn>.out  owner to front: what to send, close, ping
 */

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

export function frame(kind: number, body?: Buffer | string): Buffer {
  const data = body === undefined ? Buffer.alloc(0) : typeof body === 'string' ? Buffer.from(body) : body;
  const out = Buffer.allocUnsafe(data.length + 1);
  out[0] = kind;
  data.copy(out, 1);
  return out;
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
}

export function parseOpenRequest(data: Buffer): OpenRequest | undefined {
  try {
    const value = JSON.parse(data.toString('utf8')) as Partial<OpenRequest>;
    if (typeof value.conn !== 'string' || !/^[A-Za-z0-9]{8,64}$/.test(value.conn)) return undefined;
    if (typeof value.roomId !== 'string' || typeof value.address !== 'string') return undefined;
    if (value.origin !== undefined && typeof value.origin !== 'string') return undefined;
    return {
      conn: value.conn,
      roomId: value.roomId,
      address: value.address,
      ...(value.origin ? { origin: value.origin } : {}),
    };
  } catch {
    return undefined;
  }
}

export interface CloseBody {
  code?: number;
  reason?: string;
}
