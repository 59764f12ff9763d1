import { describe, expect, it } from 'vitest';
import {
  Chunker,
  StreamingResampler,
  floatToInt16,
  int16ToLittleEndianBytes,
  littleEndianBytesToInt16,
  volumeLevel,
} from '../../../src/shared/audio';

/** Samples whose value is their position in the stream, so order and continuity can be checked. */
function ramp(from: number, length: number): Int16Array {
  return Int16Array.from({ length }, (_, i) => from + i);
}

describe('floatToInt16', () => {
  it.each([
    [0, 0],
    [1, 32767],
    [-1, -32768],
    [0.5, 16384], // 0.5 * 32767 = 16383.5, rounded up
    [-0.5, -16384], // -0.5 * 32768
    [0.25, 8192], // 8191.75
    [-0.25, -8192],
    [1e-6, 0],
    [-1e-6, 0],
    [1.5, 32767], // clipped, not wrapped to a negative value
    [100, 32767],
    [-1.5, -32768],
    [-100, -32768],
  ])('%s -> %i', (input, expected) => {
    expect(floatToInt16(Float32Array.of(input))[0]).toBe(expected);
  });

  it('keeps length and sign sample by sample', () => {
    const out = floatToInt16(Float32Array.of(0.1, -0.1, 0.9, -0.9));
    expect(out).toHaveLength(4);
    expect(Array.from(out, Math.sign)).toEqual([1, -1, 1, -1]);
  });
});

describe('little-endian Int16 framing', () => {
  it('writes the low byte first whatever the platform order', () => {
    const bytes = int16ToLittleEndianBytes(Int16Array.of(1, -1, 0x1234, -32768, 32767, 256));
    expect(Array.from(bytes)).toEqual([
      0x01, 0x00, 0xff, 0xff, 0x34, 0x12, 0x00, 0x80, 0xff, 0x7f, 0x00, 0x01,
    ]);
  });

  it('reads the low byte first', () => {
    const samples = littleEndianBytesToInt16(Uint8Array.of(0x34, 0x12, 0x00, 0x80, 0xfe, 0xff));
    expect(Array.from(samples ?? [])).toEqual([0x1234, -32768, -2]);
  });

  it('round-trips every kind of value', () => {
    const samples = Int16Array.of(0, 1, -1, 255, 256, -256, 12345, -12345, 32767, -32768);
    expect(littleEndianBytesToInt16(int16ToLittleEndianBytes(samples))).toEqual(samples);
  });

  it('reads a view that starts at an odd offset of a larger buffer', () => {
    const buffer = new Uint8Array([0xaa, 0x34, 0x12, 0xff, 0x7f, 0xbb]);
    const view = buffer.subarray(1, 5);
    expect(Array.from(littleEndianBytesToInt16(view) ?? [])).toEqual([0x1234, 32767]);
  });

  it.each([1, 3, 1921])('refuses an odd byte count (%i)', (n) => {
    expect(littleEndianBytesToInt16(new Uint8Array(n))).toBeUndefined();
  });

  it('accepts no bytes as no samples', () => {
    expect(littleEndianBytesToInt16(new Uint8Array(0))).toEqual(new Int16Array(0));
  });
});

describe('Chunker', () => {
  it('emits nothing until a full 960-sample chunk is collected', () => {
    const c = new Chunker();
    expect(c.push(ramp(0, 500))).toEqual([]);
    const chunks = c.push(ramp(500, 500));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toEqual(ramp(0, 960));
  });

  it('cuts uneven pushes into exact chunks with every sample once, in order', () => {
    const c = new Chunker();
    const sizes = [1, 959, 2000, 7, 953, 3000, 0, 1];
    const chunks: Int16Array[] = [];
    let fed = 0;
    for (const n of sizes) {
      chunks.push(...c.push(ramp(fed, n)));
      fed += n;
    }
    expect(fed).toBe(6921);
    expect(chunks).toHaveLength(7); // 7 * 960 = 6720, 201 left over
    for (const chunk of chunks) expect(chunk).toHaveLength(960);
    // Earlier chunks are not overwritten by later pushes.
    const joined = new Int16Array(chunks.length * 960);
    chunks.forEach((chunk, i) => joined.set(chunk, i * 960));
    expect(joined).toEqual(ramp(0, 6720));

    const last = c.flush();
    expect(last).toHaveLength(960);
    expect(last!.subarray(0, 201)).toEqual(ramp(6720, 201));
    expect(last!.subarray(201).every((s) => s === 0)).toBe(true);
    expect(c.flush()).toBeUndefined();
  });

  it('emits several chunks from one large push', () => {
    const chunks = new Chunker().push(ramp(0, 960 * 3));
    expect(chunks.map((ch) => ch[0])).toEqual([0, 960, 1920]);
  });

  it('has nothing to flush when empty or right after a full chunk', () => {
    const c = new Chunker();
    expect(c.flush()).toBeUndefined();
    c.push(ramp(0, 960));
    expect(c.flush()).toBeUndefined();
  });

  it('starts a fresh chunk after a flush', () => {
    const c = new Chunker(4);
    c.push(Int16Array.of(1, 2));
    expect(c.flush()).toEqual(Int16Array.of(1, 2, 0, 0));
    expect(c.push(Int16Array.of(3, 4, 5, 6))).toEqual([Int16Array.of(3, 4, 5, 6)]);
  });
});

describe('StreamingResampler', () => {
  /** Deterministic block sizes from 1 to 700, like a browser's uneven callbacks. */
  function blockSizes(count: number): number[] {
    let x = 12345;
    return Array.from({ length: count }, () => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return 1 + (x % 700);
    });
  }

  it('returns the input unchanged when the rates are equal', () => {
    const input = Float32Array.of(0.1, 0.2);
    expect(new StreamingResampler(16_000).process(input)).toBe(input);
  });

  it('takes every third sample from 48 kHz to 16 kHz', () => {
    const input = Float32Array.from({ length: 12 }, (_, i) => i);
    expect(Array.from(new StreamingResampler(48_000).process(input))).toEqual([0, 3, 6, 9]);
  });

  it.each([48_000, 44_100, 22_050])(
    'from %i Hz: total output stays within one sample of the ideal over many calls',
    (rate) => {
      const r = new StreamingResampler(rate, 16_000);
      let inTotal = 0;
      let outTotal = 0;
      for (const n of blockSizes(2000)) {
        outTotal += r.process(new Float32Array(n)).length;
        inTotal += n;
        expect(Math.abs(outTotal - (inTotal * 16_000) / rate)).toBeLessThanOrEqual(1);
      }
      expect(inTotal).toBeGreaterThan(rate * 10); // more than ten seconds of audio
    },
  );

  it.each([48_000, 44_100])('from %i Hz: keeps its phase across calls (a ramp stays a ramp)', (rate) => {
    // Input sample n has the value n, so output k must be the input position k * rate / 16000:
    // linear interpolation of a straight line is exact, so any phase slip shows.
    const r = new StreamingResampler(rate, 16_000);
    const step = rate / 16_000;
    let inTotal = 0;
    let k = 0;
    for (const n of blockSizes(300)) {
      const input = Float32Array.from({ length: n }, (_, i) => inTotal + i);
      for (const value of r.process(input)) {
        expect(Math.abs(value - k * step)).toBeLessThan(0.02);
        k += 1;
      }
      inTotal += n;
    }
    expect(k).toBeGreaterThan(1000);
  });

  it('interpolates across the boundary between two calls', () => {
    // 3 -> 2 samples: outputs at input positions 0, 1.5, 3, 4.5, ...
    const r = new StreamingResampler(3, 2);
    expect(Array.from(r.process(Float32Array.of(0, 10)))).toEqual([0]);
    // position 1.5 lies between the last sample of the first call (10) and the first of this one (20)
    expect(Array.from(r.process(Float32Array.of(20, 30, 40)))).toEqual([15, 30]);
  });
});

describe('volumeLevel', () => {
  const constant = (value: number, length = 480) => new Int16Array(length).fill(value);

  it.each([
    ['no samples', new Int16Array(0), 0],
    ['Int16 silence', new Int16Array(960), 0],
    ['Float32 silence', new Float32Array(960), 0],
    // level = round(100 * sqrt(rms)), rms of a constant is its absolute value
    ['Int16 at a quarter of full scale', constant(8192), 50],
    ['Int16 at a quarter of full scale, negative', constant(-8192), 50],
    ['Float32 at 0.25', new Float32Array(480).fill(0.25), 50],
    ['Float32 at 0.01', new Float32Array(480).fill(0.01), 10],
    ['Float32 at full scale', new Float32Array(480).fill(1), 100],
    ['Float32 above full scale, capped', new Float32Array(480).fill(4), 100],
    ['Int16 at full scale', constant(32767), 100],
  ])('%s -> %i', (_, samples, level) => {
    expect(volumeLevel(samples)).toBe(level);
  });

  it('uses the RMS: a square wave of ±8192 reads like a constant 8192', () => {
    const square = Int16Array.from({ length: 480 }, (_, i) => (i % 2 ? 8192 : -8192));
    expect(volumeLevel(square)).toBe(50);
  });

  it('increases with amplitude', () => {
    const levels = [16, 100, 1000, 4000, 16000, 32767].map((a) => volumeLevel(constant(a)));
    for (let i = 1; i < levels.length; i++) expect(levels[i]).toBeGreaterThan(levels[i - 1]!);
    expect(levels[0]).toBeGreaterThan(0);
  });
});
