/**
 * The front node's half of a relayed socket: the client's socket is here, its room's owner is
 * elsewhere. Everything the client sends goes to the owner as frames, in order; what the owner
 * sends (messages, pings, a close) is done to the client's socket. Every second the owners of
 * the relayed rooms are looked up: a socket whose owner lost its lease (died, paused, moved) is
 * closed, and the client's reconnection lands on the room's next owner.
 */
import type { WebSocket } from 'ws';
import { NatsTimeout, type NatsConnection, type Subscription } from './nats';
import { outgoingVerdict } from '../socket';
import {
  type CloseBody,
  IN_BINARY,
  IN_CLOSED,
  IN_PONG,
  IN_TEXT,
  OUT_CLOSE,
  OUT_PING,
  OUT_TERMINATE,
  OUT_TEXT,
  OUT_TEXT_DROPPABLE,
  type OpenRequest,
  FrameJoiner,
  bodyOf,
  frame,
  framesOf,
  inSubject,
  kindOf,
  openSubject,
  outSubject,
} from './relay-frames';

type Log = (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void;

const OPEN_TIMEOUT_MS = 1500;
/** The largest message the owner sends in one (a long room's snapshot stays far below). */
const MAX_SERVER_MESSAGE_BYTES = 64 * 1024 * 1024;

/** The room a connection-params message names, without trusting anything else in it. */
export function roomOfConnectionParams(data: Buffer): string | undefined {
  if (!data.includes('connection-params')) return undefined;
  try {
    const value = JSON.parse(data.toString('utf8')) as { type?: unknown; roomId?: unknown };
    return value.type === 'connection-params' && typeof value.roomId === 'string' && value.roomId.length > 0
      ? value.roomId
      : undefined;
  } catch {
    return undefined;
  }
}

interface Relayed {
  ws: WebSocket;
  owner: string;
  roomId: string;
  sub: Subscription;
}

/** A relay whose owner accepted: `attach` starts it on the client's socket. */
export interface RelayLink {
  attach(ws: WebSocket, early: { data: Buffer; isBinary: boolean }[]): void;
  /** The client left before `attach`: the owner closes its side. */
  abandon(): void;
}

export class FrontRelay {
  private readonly relayed = new Set<Relayed>();
  private readonly watchdog: ReturnType<typeof setInterval>;
  private checking = false;

  constructor(
    private readonly options: {
      nats: NatsConnection;
      nodeId: string;
      holders(roomIds: string[]): Promise<Map<string, string>>;
      checkEveryMs: number;
      log: Log;
    },
  ) {
    this.watchdog = setInterval(() => void this.check(), options.checkEveryMs);
    this.watchdog.unref();
  }

  /** Asks `owner` to serve the socket; undefined when it does not answer or is not the owner. */
  async open(owner: string, request: OpenRequest): Promise<RelayLink | undefined> {
    const { nats } = this.options;
    const pending: Buffer[] = [];
    let deliver: (data: Buffer) => void = (data) => pending.push(data);
    const sub = nats.subscribe(outSubject(request.conn), (m) => deliver(m.data));
    let answer: { ok?: boolean } = {};
    try {
      answer = JSON.parse(
        (await nats.request(openSubject(owner), JSON.stringify(request), OPEN_TIMEOUT_MS)).toString(),
      ) as {
        ok?: boolean;
      };
    } catch (error) {
      if (!(error instanceof NatsTimeout) && !(error instanceof SyntaxError)) throw error;
    }
    if (answer.ok !== true) {
      sub.unsubscribe();
      return undefined;
    }
    return {
      abandon: () => {
        nats.publish(inSubject(request.conn), frame(IN_CLOSED));
        sub.unsubscribe();
      },
      attach: (ws, early) => {
        const relay: Relayed = { ws, owner, roomId: request.roomId, sub };
        this.relayed.add(relay);
        const toOwner = inSubject(request.conn);
        const joiner = new FrameJoiner(MAX_SERVER_MESSAGE_BYTES);
        const fromOwner = (part: Buffer) => {
          const data = joiner.push(part);
          if (data) deliverToClient(ws, data);
        };
        deliver = fromOwner;
        for (const data of pending.splice(0)) fromOwner(data);
        const toOwnerFrames = (data: Buffer, isBinary: boolean) => {
          for (const part of framesOf(isBinary ? IN_BINARY : IN_TEXT, data)) nats.publish(toOwner, part);
        };
        for (const m of early) toOwnerFrames(m.data, m.isBinary);
        ws.on('message', (raw: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
          toOwnerFrames(Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw as ArrayBuffer), isBinary);
        });
        ws.on('pong', () => nats.publish(toOwner, frame(IN_PONG)));
        ws.on('close', () => {
          nats.publish(toOwner, frame(IN_CLOSED));
          sub.unsubscribe();
          this.relayed.delete(relay);
        });
      },
    };
  }

  /** Closes relayed sockets whose room's owner changed or lapsed (or when NATS is gone). */
  private async check(): Promise<void> {
    if (this.checking || this.relayed.size === 0) return;
    this.checking = true;
    try {
      const rooms = [...new Set([...this.relayed].map((r) => r.roomId))];
      const holders = this.options.nats.isConnected
        ? await this.options.holders(rooms)
        : new Map<string, string>();
      for (const relay of [...this.relayed]) {
        if (holders.get(relay.roomId) === relay.owner) continue;
        this.relayed.delete(relay);
        relay.sub.unsubscribe();
        relay.ws.close(1012, 'the conversation moved to another server; reconnect');
      }
    } catch (error) {
      this.options.log('warn', 'could not look up the owners of relayed conversations', {
        error: (error as Error).message,
      });
    } finally {
      this.checking = false;
    }
  }

  close(): void {
    clearInterval(this.watchdog);
  }
}

/**
 * Carries out one whole frame from the owner on the client's socket: its text (a partial is
 * skipped while the client is slow, as for a socket on the owner), a close, a ping.
 */
export function deliverToClient(
  ws: Pick<WebSocket, 'readyState' | 'OPEN' | 'bufferedAmount' | 'send' | 'close' | 'terminate' | 'ping'>,
  data: Buffer,
): void {
  if (ws.readyState !== ws.OPEN) return;
  switch (kindOf(data)) {
    case OUT_TEXT:
    case OUT_TEXT_DROPPABLE: {
      const verdict = outgoingVerdict(ws.bufferedAmount, kindOf(data) === OUT_TEXT_DROPPABLE);
      if (verdict === 'terminate') ws.terminate();
      else if (verdict === 'send') ws.send(bodyOf(data).toString('utf8'));
      return;
    }
    case OUT_CLOSE: {
      let body: CloseBody = {};
      try {
        body = JSON.parse(bodyOf(data).toString('utf8')) as CloseBody;
      } catch {
        // A close without a readable reason is still a close.
      }
      ws.close(body.code, body.reason);
      return;
    }
    case OUT_TERMINATE:
      ws.terminate();
      return;
    case OUT_PING:
      ws.ping();
      return;
    default:
      return;
  }
}
