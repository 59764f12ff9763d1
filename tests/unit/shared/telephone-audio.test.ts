import { describe, expect, it } from 'vitest';
import {
  TELEPHONE_FRAME_SAMPLES,
  TelephoneDecoder,
  TelephoneDownsampler,
  TelephoneEncoder,
  TelephoneUpsampler,
  aLawDecode,
  aLawDecodeSample,
  aLawEncode,
  aLawEncodeSample,
  lowPassFilter,
  muLawDecode,
  muLawDecodeSample,
  muLawEncode,
  muLawEncodeSample,
} from '../../../src/shared/telephone-audio';

const tone = (hz: number, rate: number, seconds: number, amplitude = 10_000) =>
  Int16Array.from({ length: Math.round(rate * seconds) }, (_, i) =>
    Math.round(amplitude * Math.sin((2 * Math.PI * hz * i) / rate)),
  );

/** Root mean square of the samples from `from` on (past the filters' start-up). */
const rms = (x: Int16Array, from = 0) => {
  let sum = 0;
  for (let i = from; i < x.length; i++) sum += x[i]! * x[i]!;
  return Math.sqrt(sum / (x.length - from));
};

/** The amplitude of `hz` in `x` (a single-bin DFT), so a tone can be measured among others. */
const amplitudeAt = (x: Int16Array, hz: number, rate: number, from = 0) => {
  let re = 0;
  let im = 0;
  for (let i = from; i < x.length; i++) {
    re += x[i]! * Math.cos((2 * Math.PI * hz * i) / rate);
    im += x[i]! * Math.sin((2 * Math.PI * hz * i) / rate);
  }
  return (2 * Math.hypot(re, im)) / (x.length - from);
};

describe('G.711 mu-law', () => {
  it.each([
    [0xff, 0],
    [0x7f, 0],
    [0x80, 32124],
    [0x00, -32124],
    [0xf0, 120],
    [0x70, -120],
    [0xef, 132],
  ])('byte %i decodes to %i (the standard’s table)', (byte, sample) => {
    expect(muLawDecodeSample(byte)).toBe(sample);
  });

  it.each([
    [0, 0xff],
    [32767, 0x80],
    [-32768, 0x00],
    [120, 0xf0],
    [-120, 0x70],
  ])('sample %i encodes to byte %i', (sample, byte) => {
    expect(muLawEncodeSample(sample)).toBe(byte);
  });

  it('every byte survives a decode and re-encode (but the two zeros, which are one)', () => {
    for (let b = 0; b < 256; b++) {
      const again = muLawEncodeSample(muLawDecodeSample(b));
      expect(b === 0x7f ? again === 0x7f || again === 0xff : again === b).toBe(true);
    }
  });

  it('quantises with an error under 1/16 of the value (logarithmic steps)', () => {
    for (let s = -32000; s <= 32000; s += 97) {
      const back = muLawDecodeSample(muLawEncodeSample(s));
      expect(Math.abs(back - s)).toBeLessThanOrEqual(Math.max(8, Math.abs(s) / 16));
    }
  });

  it('encodes and decodes arrays', () => {
    const x = Int16Array.from([0, 1000, -1000, 30000]);
    const back = muLawDecode(muLawEncode(x));
    expect(back.length).toBe(4);
    for (let i = 0; i < x.length; i++)
      expect(Math.abs(back[i]! - x[i]!)).toBeLessThan(Math.abs(x[i]!) / 16 + 8);
  });
});

describe('low-pass filters', () => {
  it('sum to their gain and are symmetric', () => {
    const h = lowPassFilter(49, 0.23, 2);
    expect(h.reduce((a, b) => a + b, 0)).toBeCloseTo(2, 9);
    for (let i = 0; i < h.length; i++) expect(h[i]).toBeCloseTo(h[h.length - 1 - i]!, 12);
  });

  it('refuses an even length', () => {
    expect(() => lowPassFilter(48, 0.2)).toThrow();
  });
});

describe('8 kHz up to the engines’ 16 kHz', () => {
  it('doubles the samples and keeps a speech tone’s level', () => {
    const up = new TelephoneUpsampler(16000);
    const out = up.process(tone(1000, 8000, 0.5));
    expect(out.length).toBe(8000);
    expect(amplitudeAt(out, 1000, 16000, 200)).toBeGreaterThan(9_700);
    expect(amplitudeAt(out, 1000, 16000, 200)).toBeLessThan(10_300);
  });

  it('removes the image a tone leaves above 4 kHz (a linear interpolation would keep a lot of it)', () => {
    const out = new TelephoneUpsampler(16000).process(tone(3000, 8000, 0.5));
    // Zero-stuffing 3 kHz at 8 kHz makes an image at 8 - 3 = 5 kHz.
    expect(amplitudeAt(out, 3000, 16000, 200)).toBeGreaterThan(9_000);
    expect(amplitudeAt(out, 5000, 16000, 200)).toBeLessThan(100);
    // The linear interpolation's image, for comparison: far louder.
    const input = tone(3000, 8000, 0.5);
    const linear = new Int16Array(input.length * 2);
    for (let i = 0; i < input.length; i++) {
      linear[2 * i] = input[i]!;
      linear[2 * i + 1] = Math.round((input[i]! + (input[i + 1] ?? input[i]!)) / 2);
    }
    expect(amplitudeAt(linear, 5000, 16000, 200)).toBeGreaterThan(1_000);
  });

  it('gives the same samples frame by frame as in one go (its state carries over)', () => {
    const input = tone(440, 8000, 0.3);
    const whole = new TelephoneUpsampler(16000).process(input);
    const streaming = new TelephoneUpsampler(16000);
    const parts: number[] = [];
    for (let i = 0; i < input.length; i += TELEPHONE_FRAME_SAMPLES)
      parts.push(...streaming.process(input.subarray(i, i + TELEPHONE_FRAME_SAMPLES)));
    expect(Int16Array.from(parts)).toEqual(whole);
  });

  it('refuses a rate that is no multiple of 8 kHz', () => {
    expect(() => new TelephoneUpsampler(11025)).toThrow(/integer factor/);
  });
});

describe('16 kHz down to 8 kHz', () => {
  it('halves the samples, keeps the telephone band and does not fold 6 kHz back to 2 kHz', () => {
    const mix = tone(1000, 16000, 0.5);
    const high = tone(6000, 16000, 0.5);
    for (let i = 0; i < mix.length; i++) mix[i] = mix[i]! + high[i]!;
    const out = new TelephoneDownsampler(16000).process(mix);
    expect(out.length).toBe(4000);
    expect(amplitudeAt(out, 1000, 8000, 100)).toBeGreaterThan(9_700);
    expect(amplitudeAt(out, 2000, 8000, 100)).toBeLessThan(100);
  });
});

describe('a call’s audio, end to end', () => {
  it('16 kHz speech band through mu-law at 8 kHz and back is close to the original', () => {
    const original = tone(700, 16000, 1, 8000);
    const encoder = new TelephoneEncoder(16000);
    const decoder = new TelephoneDecoder(16000);
    const parts: number[] = [];
    for (let i = 0; i < original.length; i += 320) {
      const frame = encoder.encode(original.subarray(i, i + 320));
      expect(frame.length).toBe(160);
      parts.push(...decoder.decode(frame));
    }
    const back = Int16Array.from(parts);
    expect(back.length).toBe(original.length);
    expect(amplitudeAt(back, 700, 16000, 400)).toBeGreaterThan(7_600);
    expect(amplitudeAt(back, 700, 16000, 400)).toBeLessThan(8_400);
    // What is not the tone (quantisation noise) is small beside it.
    expect(rms(back, 400)).toBeLessThan(8000 / Math.SQRT2 + 300);
  });
});

describe('G.711 A-law (PCMA, SIP trunks)', () => {
  it('decodes ITU-T G.711’s values and encodes every byte back to itself', () => {
    // The silence byte (0xD5) is +8; 0xAA and 0x2A are the loudest of each sign.
    expect(aLawDecodeSample(0xd5)).toBe(8);
    expect(aLawDecodeSample(0x55)).toBe(-8);
    expect(aLawDecodeSample(0xaa)).toBe(32256);
    expect(aLawDecodeSample(0x2a)).toBe(-32256);
    for (let b = 0; b < 256; b++) expect(aLawEncodeSample(aLawDecodeSample(b))).toBe(b);
    expect(aLawEncodeSample(0)).toBe(0xd5);
    expect(aLawEncodeSample(32767)).toBe(0xaa);
    expect(aLawEncodeSample(-32768)).toBe(0x2a);
  });

  it('keeps a tone within A-law’s quantisation, and the decoder takes either law', () => {
    const x = tone(440, 8000, 0.2);
    const y = aLawDecode(aLawEncode(x));
    for (let i = 0; i < x.length; i++)
      expect(Math.abs(y[i]! - x[i]!)).toBeLessThanOrEqual(Math.max(16, Math.abs(x[i]!) / 16));
    const viaA = new TelephoneDecoder().decode(aLawEncode(x), 'pcma');
    const viaU = new TelephoneDecoder().decode(muLawEncode(x), 'pcmu');
    expect(viaA).toHaveLength(viaU.length);
    expect(Math.abs(rms(viaA, 200) - rms(viaU, 200)) / rms(viaU, 200)).toBeLessThan(0.02);
  });
});
