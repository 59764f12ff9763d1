import { describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES } from '../../../../../src/shared/constants';
import { CapturePipeline } from '../../../../../src/renderer/features/audio/pipeline';

function sine(rate: number, seconds: number, hz = 440, amplitude = 0.5): Float32Array {
  const out = new Float32Array(Math.round(rate * seconds));
  for (let i = 0; i < out.length; i++) out[i] = amplitude * Math.sin((2 * Math.PI * hz * i) / rate);
  return out;
}

/** Feeds the signal in 128-sample render quanta, as an AudioWorklet receives it. */
function feed(pipeline: CapturePipeline, signal: Float32Array): Int16Array[] {
  const chunks: Int16Array[] = [];
  for (let at = 0; at < signal.length; at += 128)
    chunks.push(...pipeline.push(signal.subarray(at, at + 128)));
  return chunks;
}

describe('capture pipeline', () => {
  it('cuts 16 kHz audio into 960-sample (60 ms) Int16 chunks without resampling', () => {
    const pipeline = new CapturePipeline(16000);
    expect(pipeline.resampling).toBe(false);
    const signal = sine(16000, 1);
    const chunks = feed(pipeline, signal);
    expect(chunks).toHaveLength(Math.floor(16000 / CHUNK_SAMPLES));
    for (const chunk of chunks) expect(chunk).toHaveLength(CHUNK_SAMPLES);
    for (const i of [10, 100, 959]) {
      const s = signal[i]!;
      expect(chunks[0]![i]).toBe(Math.round(s * (s < 0 ? 0x8000 : 0x7fff)));
    }
    expect(chunks[1]![0]).toBe(Math.round(signal[960]! * (signal[960]! < 0 ? 0x8000 : 0x7fff)));
  });

  it('resamples 48 kHz audio to 16 kHz', () => {
    const pipeline = new CapturePipeline(48000);
    expect(pipeline.resampling).toBe(true);
    const chunks = feed(pipeline, sine(48000, 1.2));
    // 1.2 s at 16 kHz is 19200 samples: 20 full chunks.
    expect(chunks.length).toBe(20);
    // A 440 Hz tone keeps its period: about 36.4 samples at 16 kHz, so ~26 rising zero crossings per 960 samples.
    const chunk = chunks[5]!;
    let crossings = 0;
    for (let i = 1; i < chunk.length; i++) if (chunk[i - 1]! < 0 && chunk[i]! >= 0) crossings++;
    expect(crossings).toBeGreaterThanOrEqual(25);
    expect(crossings).toBeLessThanOrEqual(27);
  });

  it('clips out-of-range samples instead of wrapping', () => {
    const pipeline = new CapturePipeline(16000, 4);
    const [chunk] = pipeline.push(Float32Array.from([2, -2, 1, -1]));
    expect(Array.from(chunk!)).toEqual([32767, -32768, 32767, -32768]);
  });
});
