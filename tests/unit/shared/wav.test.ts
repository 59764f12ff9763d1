import { describe, expect, it } from 'vitest';
import { encodeWav, parseWav, toMono } from '../../../src/shared/wav';

/** Builds a WAV file: fmt chunk, optional extra chunks, data chunk. */
function wav(options: {
  format?: number;
  bits?: number;
  channels?: number;
  samples: number[];
  extra?: Uint8Array;
}): Uint8Array {
  const { format = 1, bits = 16, channels = 1, samples, extra } = options;
  const data = samples.length * 2;
  const extraLen = extra ? 8 + extra.length + (extra.length % 2) : 0;
  const bytes = new Uint8Array(12 + 24 + extraLen + 8 + data);
  const v = new DataView(bytes.buffer);
  const tag = (o: number, s: string) => [...s].forEach((c, i) => v.setUint8(o + i, c.charCodeAt(0)));
  tag(0, 'RIFF');
  v.setUint32(4, bytes.length - 8, true);
  tag(8, 'WAVE');
  tag(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, format, true);
  v.setUint16(22, channels, true);
  v.setUint32(24, 16000, true);
  v.setUint32(28, 16000 * channels * 2, true);
  v.setUint16(32, channels * 2, true);
  v.setUint16(34, bits, true);
  let o = 36;
  if (extra) {
    tag(o, 'LIST');
    v.setUint32(o + 4, extra.length, true);
    bytes.set(extra, o + 8);
    o += extraLen;
  }
  tag(o, 'data');
  v.setUint32(o + 4, data, true);
  samples.forEach((s, i) => v.setInt16(o + 8 + i * 2, s, true));
  return bytes;
}

describe('parseWav', () => {
  it('reads 16-bit PCM samples and the format', () => {
    const audio = parseWav(wav({ samples: [0, 1, -1, 32767, -32768] }));
    expect(audio.sampleRate).toBe(16000);
    expect(audio.channels).toBe(1);
    expect([...audio.samples]).toEqual([0, 1, -1, 32767, -32768]);
  });

  it('skips chunks it does not know, odd-sized ones included', () => {
    const audio = parseWav(wav({ samples: [5, 6], extra: new Uint8Array([1, 2, 3]) }));
    expect([...audio.samples]).toEqual([5, 6]);
  });

  it('refuses what is not 16-bit PCM, naming what it found', () => {
    expect(() => parseWav(wav({ format: 3, bits: 32, samples: [] }))).toThrow('format 3, 32 bits');
    expect(() => parseWav(new Uint8Array(40))).toThrow('not a WAV file');
  });

  it('reads what is there when the data size overstates it', () => {
    const bytes = wav({ samples: [7, 8, 9] });
    expect([...parseWav(bytes.subarray(0, bytes.length - 2)).samples]).toEqual([7, 8]);
  });

  it('mixes stereo down to mono', () => {
    const audio = parseWav(wav({ channels: 2, samples: [100, 300, -10, -20] }));
    expect([...toMono(audio)]).toEqual([200, -15]);
  });
});

describe('encodeWav', () => {
  it('writes a mono 16-bit file that parseWav reads back sample for sample', () => {
    const samples = Int16Array.from([0, 1, -1, 32767, -32768, 1234]);
    const bytes = encodeWav(samples, 22050);
    expect(bytes.byteLength).toBe(44 + 12);
    const audio = parseWav(bytes);
    expect(audio).toMatchObject({ sampleRate: 22050, channels: 1 });
    expect([...audio.samples]).toEqual([...samples]);
  });
});
