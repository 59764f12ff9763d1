/**
 * A Node client of the realtime socket, used by the command-line tools, the benchmarks and the
 * integration tests: it speaks exactly the protocol the web client speaks.
 */
import WebSocket from 'ws';
import { API, type RoomNameResponse, type TokenResponse } from '../../src/shared/api';
import { guestAuthorization } from '../../src/shared/auth';
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../../src/shared/constants';
import type { GuestUserWithCredential } from '../../src/shared/entities';
import { int16ToLittleEndianBytes } from '../../src/shared/audio';
import { makeRoomId } from '../../src/shared/ids';
import { ChunkPacer } from './pacer';
import {
  SOCKET_PATH,
  parseServerMessage,
  type ClientMessage,
  type ServerMessage,
} from '../../src/shared/protocol';

export interface Received {
  atMs: number;
  message: ServerMessage;
}

/** A guest and the credential that proves it (kept beside the avaId, as the web client does). */
export async function createGuest(baseUrl: string, userName?: string): Promise<GuestUserWithCredential> {
  const response = await fetch(`${baseUrl}${API.createGuest}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(userName ? { userName } : {}),
  });
  if (!response.ok)
    throw new Error(`creating a guest failed: HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as GuestUserWithCredential;
}

/** The headers that prove `user` on an HTTP call. */
export function guestHeaders(user: GuestUserWithCredential): Record<string, string> {
  return { authorization: guestAuthorization(user.credential) };
}

/** A room name, resolved by `user`: the room and the token to join it with. */
export async function resolveRoomName(
  baseUrl: string,
  name: string,
  user: GuestUserWithCredential,
): Promise<RoomNameResponse> {
  const response = await fetch(`${baseUrl}${API.roomName(name)}`, { headers: guestHeaders(user) });
  if (!response.ok) throw new Error(`room name "${name}": HTTP ${response.status} ${await response.text()}`);
  return (await response.json()) as RoomNameResponse;
}

export async function resolveToken(
  baseUrl: string,
  token: string,
  user: GuestUserWithCredential,
): Promise<TokenResponse> {
  const response = await fetch(`${baseUrl}${API.token(token)}`, { headers: guestHeaders(user) });
  if (!response.ok) throw new Error(`token: HTTP ${response.status}`);
  return (await response.json()) as TokenResponse;
}

/** Who connects: a guest (its credential proves it), or an account (`identityToken` does). */
export type CaptionUser = Pick<GuestUserWithCredential, 'avaId' | 'userName'> & { credential?: string };

export interface ConnectOptions {
  user: CaptionUser;
  /** Joins this room; by default creates a new room hosted by `user`. */
  roomId?: string;
  token?: string;
  /** An account's Firebase ID token: the connection proves `user` with it, not a guest credential. */
  identityToken?: string;
  /** The reader's curse filter level (shared/curse-filter.ts); absent: the server's default. */
  curseFilter?: number;
  /** Joins as a Scribe (an account with the scribe flag); absent: a participant. */
  role?: 'participant' | 'scribe';
  /** Sent with the upgrade request (a test's X-Forwarded-For behind a trusted proxy). */
  headers?: Record<string, string>;
}

export class CaptionClient {
  readonly received: Received[] = [];
  /** Why the socket closed, once it has. */
  closedBy: string | undefined;
  private listeners = new Set<(r: Received) => void>();

  private constructor(
    readonly ws: WebSocket,
    readonly user: CaptionUser,
    readonly roomId: string,
  ) {
    // Registered first, so waiters see why the socket closed.
    ws.on('close', (code, reason) => {
      this.closedBy = `the connection closed (${code}${reason.length ? `: ${reason.toString()}` : ''})`;
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return;
      const message = parseServerMessage(data.toString());
      if (!message) return;
      const r = { atMs: performance.now(), message };
      this.received.push(r);
      for (const l of this.listeners) l(r);
    });
  }

  static async connect(baseUrl: string, options: ConnectOptions): Promise<CaptionClient> {
    const roomId = options.roomId ?? makeRoomId(options.user.avaId);
    const ws = new WebSocket(
      baseUrl.replace(/^http/, 'ws') + SOCKET_PATH,
      options.headers ? { headers: options.headers } : {},
    );
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const client = new CaptionClient(ws, options.user, roomId);
    client.send({
      type: 'connection-params',
      speakerId: options.user.avaId,
      roomId,
      username: options.user.userName,
      clientInfo: { app: 'cli' },
      role: options.role ?? 'participant',
      ...(options.identityToken
        ? { identityToken: options.identityToken }
        : { guestCredential: options.user.credential }),
      ...(options.token ? { token: options.token } : {}),
      ...(options.curseFilter !== undefined ? { curseFilter: options.curseFilter } : {}),
    });
    await client.waitFor((m) => m.type === 'room-status' || m.type === 'error', 30_000);
    const failure = client.received.find((r) => r.message.type === 'error');
    if (failure && failure.message.type === 'error') {
      ws.close();
      throw new Error(`connection refused: ${failure.message.error.code}: ${failure.message.error.message}`);
    }
    return client;
  }

  /** The token of one of the room's links, from the room status this client received. */
  linkToken(kind: 'ro' | 'rw'): string {
    const status = this.received.find((r) => r.message.type === 'room-status')?.message;
    const link = status?.type === 'room-status' ? status.status.links[kind] : undefined;
    if (!link) throw new Error(`this client was not given the ${kind} link`);
    const token = new URL(link).searchParams.get('token');
    if (!token) throw new Error(`the ${kind} link has no token`);
    return token;
  }

  send(message: ClientMessage): void {
    this.ws.send(JSON.stringify(message));
  }

  sendAudio(samples: Int16Array): void {
    this.ws.send(int16ToLittleEndianBytes(samples));
  }

  startAudio(lang = 'en-US'): void {
    this.send({
      type: 'audio',
      action: 'start',
      metadata: {
        lang,
        format: 'pcm_s16le',
        sampleRateHz: SAMPLE_RATE_HZ,
        recordingMode: 'cli',
        chunkLengthMs: 60,
        recordingStart: Date.now(),
      },
    });
  }

  stopAudio(): void {
    this.send({ type: 'audio', action: 'stop' });
  }

  onMessage(listener: (r: Received) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves with the first matching message, among those received from index `from` on
   * (all by default) and those still to come.
   */
  waitFor(predicate: (m: ServerMessage) => boolean, timeoutMs: number, from = 0): Promise<ServerMessage> {
    const seen = this.received.slice(from).find((r) => predicate(r.message));
    if (seen) return Promise.resolve(seen.message);
    if (this.closedBy) return Promise.reject(new Error(`waiting for a message: ${this.closedBy}`));
    return new Promise((resolve, reject) => {
      const finish = () => {
        clearTimeout(timer);
        off();
        this.ws.off('close', onClose);
      };
      const timer = setTimeout(() => {
        finish();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for a message`));
      }, timeoutMs);
      // A closed socket brings nothing more: say so at once rather than at the timeout.
      const onClose = () => {
        finish();
        reject(new Error(`waiting for a message: ${this.closedBy}`));
      };
      this.ws.once('close', onClose);
      const off = this.onMessage((r) => {
        if (predicate(r.message)) {
          finish();
          resolve(r.message);
        }
      });
    });
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

export interface StreamOptions {
  /** 1 = real time; 2 = twice as fast. Ignored when `pacer` is given. */
  speed: number;
  /** The recording's clock, when this call continues a recording already being sent. */
  pacer?: ChunkPacer;
  /** Called as each chunk leaves, with its first sample's index and the send time. */
  onChunk?: (firstSample: number, sentAtMs: number) => void;
}

/** Sends audio in 60 ms chunks paced like a microphone (see ChunkPacer). */
export async function streamAudio(
  /** The socket (CaptionClient), or another way to the room such as WebRTC (webrtc-sender.ts). */
  client: Pick<CaptionClient, 'sendAudio'>,
  samples: Int16Array,
  options: StreamOptions,
): Promise<void> {
  const pacer = options.pacer ?? new ChunkPacer(options.speed);
  for (let i = 0; i < samples.length; i += CHUNK_SAMPLES) {
    await pacer.next();
    let chunk = samples.subarray(i, i + CHUNK_SAMPLES);
    if (chunk.length < CHUNK_SAMPLES) {
      const padded = new Int16Array(CHUNK_SAMPLES);
      padded.set(chunk);
      chunk = padded;
    }
    client.sendAudio(chunk);
    options.onChunk?.(i, performance.now());
  }
}
