/**
 * A small NATS client over one TCP connection: publish, subscribe (optionally in a queue group),
 * request with a reply inbox and a timeout. It reconnects with its subscriptions when the
 * connection drops; what is published while it is down is dropped (NATS core is at-most-once,
 * and the relay above it closes the sockets it serves when its owner stops answering).
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import { randomId } from '../../shared/ids';
import { WireParser, encodeConnect, encodePub, encodeSub, encodeUnsub, validSubject } from './nats-wire';
import { guardSocket } from '../safety';

export interface NatsMessage {
  subject: string;
  replyTo?: string;
  data: Buffer;
}

export interface Subscription {
  unsubscribe(): void;
}

interface Sub {
  subject: string;
  queue?: string;
  handler: (message: NatsMessage) => void;
}

export class NatsTimeout extends Error {}

const RECONNECT_MS = 500;

export class NatsConnection {
  private socket: Socket | undefined;
  private parser = new WireParser();
  private readonly subs = new Map<number, Sub>();
  private nextSid = 1;
  private readonly inbox = `_INBOX.${randomId(16)}`;
  private readonly requests = new Map<string, (data: Buffer) => void>();
  private nextRequest = 1;
  private closed = false;
  private readonly pongs: (() => void)[] = [];
  private connected = false;

  private constructor(
    private readonly url: URL,
    private readonly name: string,
    private readonly log: (level: 'info' | 'warn', message: string, extra?: object) => void,
  ) {}

  /** Connects and waits until the server answered a first PING (so it read CONNECT). */
  static async connect(
    url: string,
    name: string,
    log: (level: 'info' | 'warn', message: string, extra?: object) => void,
  ): Promise<NatsConnection> {
    const connection = new NatsConnection(new URL(url), name, log);
    const sid = connection.nextSid++;
    connection.subs.set(sid, {
      subject: `${connection.inbox}.*`,
      handler: (m) => {
        const resolve = connection.requests.get(m.subject);
        connection.requests.delete(m.subject);
        resolve?.(m.data);
      },
    });
    await connection.open();
    return connection;
  }

  private open(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = tcpConnect({ host: this.url.hostname, port: Number(this.url.port || 4222) });
      socket.setNoDelay(true);
      this.socket = socket;
      this.parser = new WireParser();
      let ready = false;
      socket.once('connect', () => {
        socket.write(encodeConnect(this.name));
        for (const [sid, sub] of this.subs) socket.write(encodeSub(sub.subject, sid, sub.queue));
        socket.write('PING\r\n');
        this.pongs.push(() => {
          ready = true;
          this.connected = true;
          resolve();
        });
      });
      socket.on('data', (chunk: Buffer) => this.received(chunk));
      guardSocket(socket, 'nats', (error) => {
        if (!ready) reject(new Error(`NATS at ${this.url.host}: ${error.message}`));
      });
      socket.on('close', () => {
        this.connected = false;
        this.pongs.splice(0);
        if (!ready || this.closed) return;
        this.log('warn', 'the NATS connection closed; reconnecting', { url: this.url.host });
        this.reconnect();
      });
    });
  }

  private reconnect(): void {
    if (this.closed) return;
    setTimeout(() => {
      this.open().then(
        () => this.log('info', 'NATS connection restored'),
        () => this.reconnect(),
      );
    }, RECONNECT_MS).unref();
  }

  private received(chunk: Buffer): void {
    for (const event of this.parser.push(chunk)) {
      switch (event.kind) {
        case 'msg':
          this.subs.get(event.sid)?.handler({
            subject: event.subject,
            ...(event.replyTo ? { replyTo: event.replyTo } : {}),
            data: event.data,
          });
          break;
        case 'ping':
          this.socket?.write('PONG\r\n');
          break;
        case 'pong':
          this.pongs.shift()?.();
          break;
        case 'err':
          this.log('warn', 'NATS said an error', { error: event.message });
          break;
        default:
          break;
      }
    }
  }

  get isConnected(): boolean {
    return this.connected;
  }

  publish(subject: string, data: Buffer | string, replyTo?: string): void {
    if (!validSubject(subject)) throw new Error(`not a NATS subject: ${subject}`);
    if (!this.connected || !this.socket) return;
    this.socket.write(encodePub(subject, typeof data === 'string' ? Buffer.from(data) : data, replyTo));
  }

  /** Bytes written but not yet on the wire: the relay's measure of a slow owner or front. */
  get bufferedBytes(): number {
    return this.socket?.writableLength ?? 0;
  }

  subscribe(subject: string, handler: (message: NatsMessage) => void, queue?: string): Subscription {
    const sid = this.nextSid++;
    this.subs.set(sid, { subject, handler, ...(queue ? { queue } : {}) });
    if (this.connected) this.socket?.write(encodeSub(subject, sid, queue));
    return {
      unsubscribe: () => {
        if (!this.subs.delete(sid)) return;
        if (this.connected) this.socket?.write(encodeUnsub(sid));
      },
    };
  }

  /** One answer to `data` on `subject`, or NatsTimeout when none comes in `timeoutMs`. */
  request(subject: string, data: Buffer | string, timeoutMs: number): Promise<Buffer> {
    const replyTo = `${this.inbox}.${this.nextRequest++}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.requests.delete(replyTo);
        reject(new NatsTimeout(`no answer on ${subject} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.requests.set(replyTo, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      this.publish(subject, data, replyTo);
    });
  }

  /** Resolves once the server has read everything written before (a PING answered). */
  flush(): Promise<void> {
    if (!this.connected || !this.socket) return Promise.resolve();
    return new Promise((resolve) => {
      this.pongs.push(resolve);
      this.socket?.write('PING\r\n');
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    await this.flush().catch(() => {});
    this.closed = true;
    this.socket?.end();
    this.socket?.destroy();
  }
}
