/**
 * A small Redis client: one TCP connection, commands answered in order. It reconnects when the
 * connection drops; a command sent while it is down fails at once (the shared limits then fall
 * back to this node's own count, shared-limits.ts).
 */
import { connect as tcpConnect, type Socket } from 'node:net';
import { type Reply, ReplyParser, encodeCommand } from './resp';
import { guardSocket } from '../safety';

const RECONNECT_MS = 1000;
const COMMAND_TIMEOUT_MS = 1000;

export class RedisConnection {
  private socket: Socket | undefined;
  private parser = new ReplyParser();
  private waiting: { resolve(reply: Reply): void; reject(error: Error): void }[] = [];
  private connected = false;
  private closed = false;

  constructor(private readonly url: URL) {
    this.open();
  }

  private open(): void {
    const socket = tcpConnect({ host: this.url.hostname, port: Number(this.url.port || 6379) });
    socket.setNoDelay(true);
    this.socket = socket;
    this.parser = new ReplyParser();
    socket.on('connect', () => {
      this.connected = true;
    });
    socket.on('data', (chunk: Buffer) => {
      for (const reply of this.parser.push(chunk)) this.waiting.shift()?.resolve(reply);
    });
    // Counted; the close that follows reconnects.
    guardSocket(socket, 'redis');
    socket.on('close', () => {
      this.connected = false;
      for (const w of this.waiting.splice(0)) w.reject(new Error('the Redis connection closed'));
      if (!this.closed) setTimeout(() => this.open(), RECONNECT_MS).unref();
    });
  }

  command(args: (string | number)[]): Promise<Reply> {
    if (!this.connected || !this.socket)
      return Promise.reject(new Error(`Redis at ${this.url.host} is not connected`));
    const socket = this.socket;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        // A reply that never comes would answer the next command: drop the connection instead.
        socket.destroy();
        reject(new Error('Redis did not answer in time'));
      }, COMMAND_TIMEOUT_MS);
      this.waiting.push({
        resolve: (reply) => {
          clearTimeout(timer);
          if (reply instanceof Error) reject(reply);
          else resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      socket.write(encodeCommand(args));
    });
  }

  close(): void {
    this.closed = true;
    this.socket?.destroy();
  }
}
