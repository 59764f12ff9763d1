/**
 * Audio framing shared by the browser capture, the command-line tools and the server:
 * conversions between Float32 and Int16 PCM, little-endian frames, and a chunker that turns
 * arbitrary-sized input into fixed 60 ms chunks.
 */
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from './constants';

/** Float samples in [-1, 1] to Int16, clipping rather than wrapping. */
export function floatToInt16(input: Float32Array): Int16Array {
  const out = new Int16Array(input.length);
  for (let i = 0; i < input.length; i++) {
    const s = Math.max(-1, Math.min(1, input[i]!));
    out[i] = s < 0 ? Math.round(s * 0x8000) : Math.round(s * 0x7fff);
  }
  return out;
}

/** Encodes Int16 samples as little-endian bytes, whatever the platform's byte order. */
export function int16ToLittleEndianBytes(samples: Int16Array): Uint8Array {
  const bytes = new Uint8Array(samples.length * 2);
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < samples.length; i++) view.setInt16(i * 2, samples[i]!, true);
  return bytes;
}

/** Decodes little-endian Int16 bytes. Returns undefined for an odd byte count. */
export function littleEndianBytesToInt16(bytes: Uint8Array): Int16Array | undefined {
  if (bytes.byteLength % 2 !== 0) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = new Int16Array(bytes.byteLength / 2);
  for (let i = 0; i < out.length; i++) out[i] = view.getInt16(i * 2, true);
  return out;
}

/**
 * Linear-interpolation resampler that keeps its phase across calls, for streaming capture at
 * the device's rate (often 48 kHz) down to 16 kHz. Browsers low-pass inside getUserMedia's
 * resampling when asked for 16 kHz directly; this is the fallback when they cannot.
 */
export class StreamingResampler {
  private position = 0;
  private last = 0;
  private readonly step: number;

  constructor(inputRate: number, outputRate = SAMPLE_RATE_HZ) {
    this.step = inputRate / outputRate;
  }

  process(input: Float32Array): Float32Array {
    if (this.step === 1) return input;
    const out: number[] = [];
    // position is measured in input samples, relative to the start of `input`; -1 is `last`.
    while (this.position < input.length - 1 + 1e-9) {
      const i = Math.floor(this.position);
      const frac = this.position - i;
      const a = i < 0 ? this.last : input[i]!;
      const b = input[Math.min(i + 1, input.length - 1)]!;
      out.push(a + (b - a) * frac);
      this.position += this.step;
    }
    this.position -= input.length;
    if (input.length > 0) this.last = input[input.length - 1]!;
    return Float32Array.from(out);
  }
}

/** Collects samples and emits fixed-size chunks (60 ms by default). */
export class Chunker {
  private buffer: Int16Array;
  private filled = 0;

  constructor(private readonly size = CHUNK_SAMPLES) {
    this.buffer = new Int16Array(size);
  }

  push(samples: Int16Array): Int16Array[] {
    const chunks: Int16Array[] = [];
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(this.size - this.filled, samples.length - offset);
      this.buffer.set(samples.subarray(offset, offset + take), this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.size) {
        chunks.push(this.buffer);
        this.buffer = new Int16Array(this.size);
        this.filled = 0;
      }
    }
    return chunks;
  }

  /** The remaining partial chunk, if any, padded with silence. */
  flush(): Int16Array | undefined {
    if (this.filled === 0) return undefined;
    const out = this.buffer;
    out.fill(0, this.filled);
    this.buffer = new Int16Array(this.size);
    this.filled = 0;
    return out;
  }
}

/** Root-mean-square level of a chunk, 0..100, for the volume meter. */
export function volumeLevel(samples: Int16Array | Float32Array): number {
  if (samples.length === 0) return 0;
  const scale = samples instanceof Int16Array ? 1 / 32768 : 1;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const s = samples[i]! * scale;
    sum += s * s;
  }
  const rms = Math.sqrt(sum / samples.length);
  return Math.min(100, Math.round(Math.sqrt(rms) * 100));
}
