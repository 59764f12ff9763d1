/**
 * The owner's half of a socket that reached another node: to the connection code it is a socket
 * like any other (socket/transport.ts); what it sends goes to the front node as frames, and
 * what the client sent arrives from there. The same code therefore checks and serves a client
 * whichever node its socket landed on.
 */
import { EventEmitter } from 'node:events';
import type { ConnectionSocket } from '../socket';
import {
  IN_BINARY,
  IN_CLOSED,
  IN_PONG,
  IN_TEXT,
  OUT_CLOSE,
  OUT_PING,
  OUT_TERMINATE,
  OUT_TEXT,
  OUT_TEXT_DROPPABLE,
  FrameJoiner,
  bodyOf,
  frame,
  framesOf,
  kindOf,
} from './relay-frames';

/** What a client may send in one message (the socket server's maxPayload, socket/socket-server.ts). */
const MAX_CLIENT_MESSAGE_BYTES = 1024 * 1024;

const OPEN = 1;
const CLOSED = 3;

export class RelayedSocket extends EventEmitter implements ConnectionSocket {
  readonly OPEN = OPEN;
  private state = OPEN;
  private readonly joiner = new FrameJoiner(MAX_CLIENT_MESSAGE_BYTES);

  constructor(
    private readonly out: (data: Buffer) => void,
    private readonly buffered: () => number,
  ) {
    super();
  }

  get readyState(): number {
    return this.state;
  }

  get bufferedAmount(): number {
    return this.buffered();
  }

  send(data: string): void {
    if (this.state === OPEN) for (const part of framesOf(OUT_TEXT, data)) this.out(part);
  }

  /** The front node, which sees the client's buffer, skips it for a slow client. */
  sendDroppable(data: string): void {
    if (this.state === OPEN) for (const part of framesOf(OUT_TEXT_DROPPABLE, data)) this.out(part);
  }

  close(code?: number, reason?: string): void {
    if (this.state !== OPEN) return;
    this.out(frame(OUT_CLOSE, JSON.stringify({ code, reason })));
    this.closed();
  }

  terminate(): void {
    if (this.state !== OPEN) return;
    this.out(frame(OUT_TERMINATE));
    this.closed();
  }

  ping(): void {
    if (this.state === OPEN) this.out(frame(OUT_PING));
  }

  /** A frame from the front node. */
  deliver(part: Buffer): void {
    if (this.state !== OPEN) return;
    const data = this.joiner.push(part);
    if (!data) return;
    switch (kindOf(data)) {
      case IN_TEXT:
        this.emit('message', bodyOf(data), false);
        return;
      case IN_BINARY:
        this.emit('message', bodyOf(data), true);
        return;
      case IN_PONG:
        this.emit('pong');
        return;
      case IN_CLOSED:
        this.closed();
        return;
      default:
        return;
    }
  }

  private closed(): void {
    this.state = CLOSED;
    this.emit('close');
  }
}
