/**
 * One server's Prometheus metrics (issue 27): what an operator watches a captioning service by.
 * Gauges are read when Prometheus scrapes (prom-client's `collect`), from the parts themselves,
 * so nothing is counted twice or goes stale; counters and histograms are fed as things happen.
 * A registry per server, since tests run several servers in one process (process-metrics.ts
 * holds what belongs to the process).
 */
import { Counter, Gauge, Histogram, Registry } from 'prom-client';

export interface ServerMetricsSources {
  /** Live rooms, and what each is doing now. */
  rooms(): readonly { load: { premiumStreams: number; basicStreams: number; pendingFinals: number } }[];
  /** Open client sockets. */
  sockets(): number;
  speechWorkers(): number;
  /** The busiest speech worker's estimated utilisation (0..1), when measured (0 until then). */
  decoderLoad(): number | undefined;
  /** Cluster mode: what went through this node's NATS connection since it started. */
  nats?(): {
    messagesIn: number;
    messagesOut: number;
    bytesIn: number;
    bytesOut: number;
    reconnects: number;
  };
}

/** Seconds from the end of the audio a caption was computed from to the caption leaving the server. */
const LAG_BUCKETS = [0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10];

export class ServerMetrics {
  readonly registry = new Registry();
  private readonly refused: Counter<'reason'>;
  private readonly lag: Histogram<'kind'>;
  private readonly persistRetries: Counter;

  constructor(sources: ServerMetricsSources) {
    const registers = [this.registry];
    new Gauge({
      name: 'hearken_rooms',
      help: 'Conversations live on this server',
      registers,
      collect() {
        this.set(sources.rooms().length);
      },
    });
    new Gauge({
      name: 'hearken_sockets',
      help: 'Client sockets open on this server',
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    new Gauge({
      name: 'hearken_speech_streams',
      help: 'Speakers being captioned now, by tier',
      labelNames: ['tier'] as const,
      registers,
      collect() {
        const rooms = sources.rooms();
        this.set(
          { tier: 'premium' },
          rooms.reduce((n, r) => n + r.load.premiumStreams, 0),
        );
        this.set(
          { tier: 'basic' },
          rooms.reduce((n, r) => n + r.load.basicStreams, 0),
        );
      },
    });
    new Gauge({
      name: 'hearken_speech_workers',
      help: 'Speech worker threads able to take a stream',
      registers,
      collect() {
        this.set(sources.speechWorkers());
      },
    });
    new Gauge({
      name: 'hearken_decoder_load',
      help: "The busiest speech worker's estimated share of its time in use (the load limit's measure, 0..1)",
      registers,
      collect() {
        // Not yet measured: no stream has run long enough to cost anything.
        this.set(sources.decoderLoad() ?? 0);
      },
    });
    new Gauge({
      name: 'hearken_persist_queue_depth',
      help: 'Final captions waiting to be stored, over all rooms (grows while the database is down)',
      registers,
      collect() {
        this.set(sources.rooms().reduce((n, r) => n + r.load.pendingFinals, 0));
      },
    });
    if (sources.nats) this.natsCounters(sources.nats.bind(sources));
    this.refused = new Counter({
      name: 'hearken_speakers_refused_total',
      help: 'Speakers refused a recognition stream, by reason (fair share, full, busy, engine)',
      labelNames: ['reason'] as const,
      registers,
    });
    this.persistRetries = new Counter({
      name: 'hearken_persist_retries_total',
      help: 'Writes of a final caption that failed and were tried again (the database was unreachable or refused)',
      registers,
    });
    this.lag = new Histogram({
      name: 'hearken_caption_lag_seconds',
      help: 'From the end of the audio a caption was computed from to the caption leaving the server, by kind (partial, final)',
      labelNames: ['kind'] as const,
      buckets: LAG_BUCKETS,
      registers,
    });
  }

  /**
   * The NATS client counts for itself (cluster/nats.ts); its totals are copied when scraped, so
   * they stay counters (reset only with the process).
   */
  private natsCounters(read: NonNullable<ServerMetricsSources['nats']>): void {
    const registers = [this.registry];
    new Counter({
      name: 'hearken_nats_messages_total',
      help: 'Messages through this node’s NATS connection (relayed sockets, forwarded requests), by direction',
      labelNames: ['direction'] as const,
      registers,
      collect() {
        const counts = read();
        this.reset();
        this.inc({ direction: 'in' }, counts.messagesIn);
        this.inc({ direction: 'out' }, counts.messagesOut);
      },
    });
    new Counter({
      name: 'hearken_nats_bytes_total',
      help: 'Payload bytes through this node’s NATS connection, by direction',
      labelNames: ['direction'] as const,
      registers,
      collect() {
        const counts = read();
        this.reset();
        this.inc({ direction: 'in' }, counts.bytesIn);
        this.inc({ direction: 'out' }, counts.bytesOut);
      },
    });
    new Counter({
      name: 'hearken_nats_reconnects_total',
      help: 'Times this node’s NATS connection was lost and made again',
      registers,
      collect() {
        this.reset();
        this.inc(read().reconnects);
      },
    });
  }

  speakerRefused(reason: string): void {
    this.refused.inc({ reason });
  }

  persistRetrying(): void {
    this.persistRetries.inc();
  }

  captionLag(kind: 'partial' | 'final', ms: number): void {
    this.lag.observe({ kind }, Math.max(0, ms) / 1000);
  }
}
