import { describe, expect, it } from 'vitest';
import { ServerMetrics } from '../../../../src/server/metrics/server-metrics';

const room = (premiumStreams: number, basicStreams: number, pendingFinals: number) => ({
  load: { premiumStreams, basicStreams, pendingFinals },
});

describe('ServerMetrics', () => {
  it('reads rooms, sockets, streams per tier, workers, decoder load and stored finals when scraped', async () => {
    let rooms = [room(1, 2, 0), room(0, 1, 3)];
    const metrics = new ServerMetrics({
      rooms: () => rooms,
      sockets: () => 7,
      speechWorkers: () => 2,
      decoderLoad: () => 0.42,
    });
    let text = await metrics.registry.metrics();
    expect(text).toContain('hearken_rooms 2');
    expect(text).toContain('hearken_sockets 7');
    expect(text).toContain('hearken_speech_streams{tier="premium"} 1');
    expect(text).toContain('hearken_speech_streams{tier="basic"} 3');
    expect(text).toContain('hearken_speech_workers 2');
    expect(text).toContain('hearken_decoder_load 0.42');
    expect(text).toContain('hearken_persist_queue_depth 3');
    // Read anew at every scrape: nothing goes stale.
    rooms = [];
    text = await metrics.registry.metrics();
    expect(text).toContain('hearken_rooms 0');
    expect(text).toContain('hearken_persist_queue_depth 0');
  });

  it('counts refused speakers by reason and caption lag in histogram buckets, by kind', async () => {
    const metrics = new ServerMetrics({
      rooms: () => [],
      sockets: () => 0,
      speechWorkers: () => 1,
      decoderLoad: () => undefined,
    });
    metrics.speakerRefused('full');
    metrics.speakerRefused('full');
    metrics.speakerRefused('fair-share');
    metrics.captionLag('partial', 150);
    metrics.captionLag('final', 700);
    metrics.persistRetrying();
    metrics.persistRetrying();
    const text = await metrics.registry.metrics();
    expect(text).toContain('hearken_speakers_refused_total{reason="full"} 2');
    expect(text).toContain('hearken_persist_retries_total 2');
    expect(text).toContain('hearken_speakers_refused_total{reason="fair-share"} 1');
    expect(text).toContain('hearken_caption_lag_seconds_bucket{le="0.2",kind="partial"} 1');
    expect(text).toContain('hearken_caption_lag_seconds_bucket{le="0.5",kind="final"} 0');
    expect(text).toContain('hearken_caption_lag_seconds_bucket{le="0.75",kind="final"} 1');
    expect(text).toContain('hearken_decoder_load 0');
  });

  it('copies the NATS client’s counts in cluster mode, and has none otherwise', async () => {
    const counts = { messagesIn: 5, messagesOut: 9, bytesIn: 100, bytesOut: 300, reconnects: 0 };
    const metrics = new ServerMetrics({
      rooms: () => [],
      sockets: () => 0,
      speechWorkers: () => 1,
      decoderLoad: () => undefined,
      nats: () => counts,
    });
    let text = await metrics.registry.metrics();
    expect(text).toContain('hearken_nats_messages_total{direction="in"} 5');
    expect(text).toContain('hearken_nats_messages_total{direction="out"} 9');
    expect(text).toContain('hearken_nats_bytes_total{direction="out"} 300');
    expect(text).toContain('hearken_nats_reconnects_total 0');
    // Each scrape has the client's totals then, not a sum of scrapes.
    Object.assign(counts, { messagesIn: 6, reconnects: 1 });
    text = await metrics.registry.metrics();
    expect(text).toContain('hearken_nats_messages_total{direction="in"} 6');
    expect(text).toContain('hearken_nats_reconnects_total 1');
    const alone = new ServerMetrics({
      rooms: () => [],
      sockets: () => 0,
      speechWorkers: () => 1,
      decoderLoad: () => undefined,
    });
    expect(await alone.registry.metrics()).not.toContain('hearken_nats');
  });
});
