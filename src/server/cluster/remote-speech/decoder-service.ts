/**
 * The decoding side: this node's speech pool serving streams of other nodes' rooms. A stream is
 * opened when there is room under the same cap and load limit as this node's own speakers (a
 * remote stream counts in the pool like any other), else refused so that its owner places it
 * elsewhere. Results go back to the owner as they come; nothing is stored here. A stream whose
 * owner is no longer heard from is dropped (nobody is left to read its results).
 */
import type { PoolStream } from '../../../native/speech/pool';
import { decode, encode, ownerSubject, samplesOf, type ToDecoder, type ToOwner } from './messages';
import type { LoadBoard } from './placement';
import type { RemoteSpeechDeps } from './remote-speech';

interface Served {
  owner: string;
  route: string;
  stream: PoolStream;
  /** Samples received for this route. */
  received: number;
}

export class DecoderService {
  private readonly served = new Map<string, Served>();
  /** Streams opened for other nodes since start (metrics, the benchmark). */
  openedForOthers = 0;

  constructor(
    private readonly deps: RemoteSpeechDeps,
    private readonly board: LoadBoard,
  ) {}

  get serving(): number {
    return this.served.size;
  }

  private reply(owner: string, message: ToOwner): void {
    this.deps.nats.publish(ownerSubject(owner), encode(message));
  }

  private processed(s: Served): number {
    return Math.max(0, s.received - s.stream.backlogSamples);
  }

  received(data: Buffer): void {
    const message = decode<ToDecoder>(data);
    if (!message || typeof message.header.owner !== 'string') return;
    const { header, body } = message;
    const key = `${header.owner}/${header.route}`;
    if (header.op === 'open') {
      this.open(key, header);
      return;
    }
    const served = this.served.get(key);
    if (!served) {
      // Audio for a stream this node does not know: it restarted since, or refused it.
      if (header.op === 'audio') this.reply(header.owner, { op: 'gone', route: header.route });
      return;
    }
    switch (header.op) {
      case 'audio': {
        const samples = samplesOf(body);
        served.received += samples.length;
        served.stream.write(samples);
        break;
      }
      case 'flush':
        served.stream.flush();
        break;
      case 'boost':
        served.stream.boost(header.words);
        break;
      case 'close':
        void served.stream.close().then(() => {
          this.served.delete(key);
          this.reply(served.owner, { op: 'closed', route: served.route });
        });
        break;
      case 'abort':
        this.served.delete(key);
        void served.stream.close();
        break;
    }
  }

  private open(key: string, header: Extract<ToDecoder, { op: 'open' }>): void {
    const { pool, limits } = this.deps;
    const refuse = (reason: string) =>
      this.reply(header.owner, { op: 'refused', route: header.route, reason });
    if (this.served.has(key)) return;
    if (pool.openStreams >= limits.maxDecoders || !pool.hasRoom(limits.speechLoadLimit))
      return refuse('full');
    const name = pool.status(header.engine).ok ? header.engine : 'basic';
    const status = pool.status(name);
    if (!status.ok) return refuse(`no engine: ${status.error}`);
    let served: Served | undefined;
    try {
      const stream = pool.open(name, header.lang, {
        onEvent: (event) => {
          if (!served || this.served.get(key) !== served) return;
          this.reply(header.owner, {
            op: 'events',
            route: header.route,
            events: [event],
            processed: this.processed(served),
          });
        },
        onError: (message) => {
          if (!served || this.served.get(key) !== served) return;
          this.served.delete(key);
          this.reply(header.owner, { op: 'error', route: header.route, message });
        },
      });
      served = { owner: header.owner, route: header.route, stream, received: 0 };
    } catch (error) {
      return refuse((error as Error).message);
    }
    this.served.set(key, served);
    this.openedForOthers += 1;
    if (header.words.length > 0) served.stream.boost(header.words);
  }

  /** Every LOAD_EVERY_MS: each stream's progress (its owner's backlog), and orphans dropped. */
  tick(now: number): void {
    for (const [key, served] of this.served) {
      if (!this.board.alive(served.owner, now)) {
        this.served.delete(key);
        void served.stream.close();
        this.deps.log('warn', 'dropped a speech stream whose room owner is no longer heard from', {
          owner: served.owner,
        });
        continue;
      }
      this.reply(served.owner, { op: 'progress', route: served.route, processed: this.processed(served) });
    }
  }

  /** This node stops: its owners are told at once, so they move the streams without waiting. */
  close(): void {
    for (const served of this.served.values()) {
      this.reply(served.owner, { op: 'gone', route: served.route });
      void served.stream.close();
    }
    this.served.clear();
  }
}
