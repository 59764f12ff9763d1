/**
 * Telephone audio (issue 16, phone conference dial-in): G.711 mu-law at 8 kHz, as Twilio's
 * Media Streams and SIP trunks carry it, and the resampling between 8 kHz and the engines'
 * 16 kHz. Pure and streaming: a call's audio arrives in 20 ms frames and each frame is
 * converted as it comes, with the filters' state carried from one frame to the next.
 *
 * Resampling is by an integer factor with a windowed-sinc low-pass FIR (Blackman window):
 * going up, the zeros inserted between samples make images of the 0-4 kHz band at 4-8 kHz,
 * which the filter removes (a linear interpolation would leave them, and the recogniser would
 * hear them as hiss); going down (the benchmark's and the stand-in's 16 kHz to 8 kHz), the
 * filter removes what 8 kHz cannot carry before samples are dropped, so it does not fold back.
 */
import { SAMPLE_RATE_HZ } from './constants';

/** The telephone network's rate. */
export const TELEPHONE_SAMPLE_RATE_HZ = 8000;
/** Media Streams send 20 ms frames: 160 mu-law bytes. */
export const TELEPHONE_FRAME_MS = 20;
export const TELEPHONE_FRAME_SAMPLES = (TELEPHONE_SAMPLE_RATE_HZ * TELEPHONE_FRAME_MS) / 1000;

const BIAS = 0x84;
const CLIP = 32635;

/** One linear 16-bit sample as a G.711 mu-law byte. */
export function muLawEncodeSample(sample: number): number {
  let s = Math.max(-32768, Math.min(32767, Math.round(sample)));
  const sign = s < 0 ? 0x80 : 0;
  if (s < 0) s = -s;
  if (s > CLIP) s = CLIP;
  s += BIAS;
  let exponent = 7;
  for (let mask = 0x4000; (s & mask) === 0 && exponent > 0; mask >>= 1) exponent--;
  const mantissa = (s >> (exponent + 3)) & 0x0f;
  return ~(sign | (exponent << 4) | mantissa) & 0xff;
}

/** One G.711 mu-law byte as a linear 16-bit sample. */
export function muLawDecodeSample(byte: number): number {
  const u = ~byte & 0xff;
  const sign = u & 0x80;
  const exponent = (u >> 4) & 0x07;
  const mantissa = u & 0x0f;
  const magnitude = (((mantissa << 3) + BIAS) << exponent) - BIAS;
  return sign && magnitude !== 0 ? -magnitude : magnitude;
}

const DECODE_TABLE = Int16Array.from({ length: 256 }, (_, b) => muLawDecodeSample(b));

/**
 * One G.711 A-law byte as a linear 16-bit sample: what SIP trunks in Europe (PCMA, RTP payload
 * type 8) send when they prefer it to mu-law.
 */
export function aLawDecodeSample(byte: number): number {
  const a = byte ^ 0x55;
  const exponent = (a >> 4) & 0x07;
  const mantissa = a & 0x0f;
  const magnitude = exponent === 0 ? (mantissa << 4) + 8 : ((mantissa << 4) + 0x108) << (exponent - 1);
  return a & 0x80 ? magnitude : -magnitude;
}

/** Where each of A-law's eight segments ends, on 13-bit magnitudes. */
const A_LAW_SEGMENT_ENDS = [0x1f, 0x3f, 0x7f, 0xff, 0x1ff, 0x3ff, 0x7ff, 0xfff];

/** One linear 16-bit sample as a G.711 A-law byte (13-bit segments, ITU-T G.711 table 1). */
export function aLawEncodeSample(sample: number): number {
  let pcm = Math.max(-32768, Math.min(32767, Math.round(sample))) >> 3;
  let mask = 0xd5;
  if (pcm < 0) {
    mask = 0x55;
    pcm = -pcm - 1;
  }
  let segment = 0;
  while (segment < 8 && pcm > A_LAW_SEGMENT_ENDS[segment]!) segment++;
  if (segment === 8) return 0x7f ^ mask;
  const mantissa = (segment < 2 ? pcm >> 1 : pcm >> segment) & 0x0f;
  return ((segment << 4) | mantissa) ^ mask;
}

const A_LAW_DECODE_TABLE = Int16Array.from({ length: 256 }, (_, b) => aLawDecodeSample(b));

/** The two G.711 laws: mu-law (PCMU, Twilio's and North America's) and A-law (PCMA). */
export type G711Law = 'pcmu' | 'pcma';

export function aLawDecode(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = A_LAW_DECODE_TABLE[bytes[i]!]!;
  return out;
}

export function aLawEncode(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = aLawEncodeSample(samples[i]!);
  return out;
}

export function muLawEncode(samples: Int16Array): Uint8Array {
  const out = new Uint8Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = muLawEncodeSample(samples[i]!);
  return out;
}

export function muLawDecode(bytes: Uint8Array): Int16Array {
  const out = new Int16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) out[i] = DECODE_TABLE[bytes[i]!]!;
  return out;
}

/**
 * A low-pass FIR of `taps` (odd) coefficients with its cut-off at `cutoff` (a fraction of the
 * sample rate, below 0.5), Blackman-windowed, scaled to `gain` at 0 Hz.
 */
export function lowPassFilter(taps: number, cutoff: number, gain = 1): Float64Array {
  if (taps % 2 === 0 || taps < 3) throw new Error('a low-pass filter needs an odd number of taps, 3 or more');
  const h = new Float64Array(taps);
  const mid = (taps - 1) / 2;
  let sum = 0;
  for (let n = 0; n < taps; n++) {
    const x = n - mid;
    const sinc = x === 0 ? 2 * cutoff : Math.sin(2 * Math.PI * cutoff * x) / (Math.PI * x);
    const window =
      0.42 - 0.5 * Math.cos((2 * Math.PI * n) / (taps - 1)) + 0.08 * Math.cos((4 * Math.PI * n) / (taps - 1));
    h[n] = sinc * window;
    sum += h[n]!;
  }
  for (let n = 0; n < taps; n++) h[n] = (h[n]! / sum) * gain;
  return h;
}

/** Taps per output phase: enough for a steep edge just under 4 kHz at a few µs per sample. */
const TAPS_PER_PHASE = 24;
/**
 * The pass band's edge as a fraction of the telephone band (4 kHz): G.711 channels carry up to
 * 3.4 kHz, so the filter is flat there and has fallen off by 4 kHz.
 */
const CUTOFF_OF_NYQUIST = 0.92;

function clip16(x: number): number {
  return x > 32767 ? 32767 : x < -32768 ? -32768 : Math.round(x);
}

/**
 * 8 kHz up to `outputRate` (an integer multiple: 16 kHz for the engines), streaming: zeros
 * between samples, then the low-pass (polyphase: each output phase uses every L-th tap).
 */
export class TelephoneUpsampler {
  readonly factor: number;
  private readonly filter: Float64Array;
  /** The last input samples, newest last, as many as one phase's taps. */
  private readonly history: Float64Array;

  constructor(outputRate = SAMPLE_RATE_HZ, inputRate = TELEPHONE_SAMPLE_RATE_HZ) {
    const factor = outputRate / inputRate;
    if (!Number.isInteger(factor) || factor < 1)
      throw new Error(`cannot resample ${inputRate} Hz to ${outputRate} Hz by an integer factor`);
    this.factor = factor;
    this.filter = lowPassFilter(TAPS_PER_PHASE * factor + 1, (0.5 * CUTOFF_OF_NYQUIST) / factor, factor);
    this.history = new Float64Array(Math.ceil(this.filter.length / factor));
  }

  process(input: Int16Array): Int16Array {
    const L = this.factor;
    if (L === 1) return input.slice();
    const h = this.filter;
    const hist = this.history;
    const out = new Int16Array(input.length * L);
    for (let n = 0; n < input.length; n++) {
      hist.copyWithin(0, 1);
      hist[hist.length - 1] = input[n]!;
      for (let p = 0; p < L; p++) {
        let acc = 0;
        // y[nL+p] = sum_j h[p + jL] * x[n - j]
        for (let j = 0, k = p; k < h.length; j++, k += L) acc += h[k]! * hist[hist.length - 1 - j]!;
        out[n * L + p] = clip16(acc);
      }
    }
    return out;
  }

  /** Output samples the filter delays the signal by (half its length). */
  get delaySamples(): number {
    return (this.filter.length - 1) / 2;
  }
}

/**
 * `inputRate` (an integer multiple of 8 kHz) down to 8 kHz, streaming: the low-pass, then every
 * M-th sample. Used where 16 kHz speech is made into a phone call (the stand-in, the benchmark).
 */
export class TelephoneDownsampler {
  readonly factor: number;
  private readonly filter: Float64Array;
  private readonly history: Float64Array;
  /** Input samples since the last output one. */
  private phase = 0;

  constructor(inputRate = SAMPLE_RATE_HZ, outputRate = TELEPHONE_SAMPLE_RATE_HZ) {
    const factor = inputRate / outputRate;
    if (!Number.isInteger(factor) || factor < 1)
      throw new Error(`cannot resample ${inputRate} Hz to ${outputRate} Hz by an integer factor`);
    this.factor = factor;
    this.filter = lowPassFilter(TAPS_PER_PHASE * factor + 1, (0.5 * CUTOFF_OF_NYQUIST) / factor);
    this.history = new Float64Array(this.filter.length);
  }

  process(input: Int16Array): Int16Array {
    const M = this.factor;
    if (M === 1) return input.slice();
    const h = this.filter;
    const hist = this.history;
    const out: number[] = [];
    for (let n = 0; n < input.length; n++) {
      hist.copyWithin(0, 1);
      hist[hist.length - 1] = input[n]!;
      if (this.phase === 0) {
        let acc = 0;
        for (let k = 0; k < h.length; k++) acc += h[k]! * hist[hist.length - 1 - k]!;
        out.push(clip16(acc));
      }
      this.phase = (this.phase + 1) % M;
    }
    return Int16Array.from(out);
  }
}

/**
 * A call's audio as the engines take it: mu-law bytes at 8 kHz in, 16-bit PCM at the engines'
 * rate out, one frame at a time.
 */
export class TelephoneDecoder {
  private readonly upsampler: TelephoneUpsampler;

  constructor(outputRate = SAMPLE_RATE_HZ) {
    this.upsampler = new TelephoneUpsampler(outputRate);
  }

  /** One frame of G.711 bytes (mu-law unless the call negotiated A-law). */
  decode(bytes: Uint8Array, law: G711Law = 'pcmu'): Int16Array {
    return this.upsampler.process(law === 'pcma' ? aLawDecode(bytes) : muLawDecode(bytes));
  }
}

/** 16 kHz speech as a phone line carries it (the stand-in's and the benchmark's way in). */
export class TelephoneEncoder {
  private readonly downsampler: TelephoneDownsampler;

  constructor(inputRate = SAMPLE_RATE_HZ) {
    this.downsampler = new TelephoneDownsampler(inputRate);
  }

  encode(samples: Int16Array): Uint8Array {
    return muLawEncode(this.downsampler.process(samples));
  }
}
