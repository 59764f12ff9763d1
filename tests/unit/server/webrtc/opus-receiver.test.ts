import { Encoder } from '@evan/opus';
import { describe, expect, it } from 'vitest';
import { CHUNK_SAMPLES } from '../../../../src/shared/constants';
import { OpusRtpReceiver } from '../../../../src/server/webrtc/opus-receiver';
import { OpusStreamDecoder } from '../../../../src/server/webrtc/opus-decoder';

/** A 440 Hz tone at 16 kHz, cut into 20 ms Opus packets with in-band FEC. */
function tonePackets(count: number): { packets: Uint8Array[]; pcm: Int16Array } {
  const encoder = new Encoder({ channels: 1, sample_rate: 16000, application: 'voip' });
  encoder.inband_fec = true;
  encoder.packet_loss = 10;
  encoder.bitrate = 32000;
  const pcm = new Int16Array(count * 320);
  for (let i = 0; i < pcm.length; i++) pcm[i] = Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / 16000));
  const packets: Uint8Array[] = [];
  for (let p = 0; p < count; p++) packets.push(encoder.encode(pcm.subarray(p * 320, (p + 1) * 320)).slice());
  return { packets, pcm };
}

function rms(samples: Int16Array): number {
  let sum = 0;
  for (const s of samples) sum += s * s;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

describe('OpusStreamDecoder', () => {
  it('decodes 20 ms packets to 320 samples at 16 kHz, conceals and recovers the same length', () => {
    const { packets } = tonePackets(3);
    const decoder = new OpusStreamDecoder(16000, 1);
    expect(decoder.decode(packets[0]!)).toHaveLength(320);
    expect(decoder.conceal()).toHaveLength(320);
    expect(decoder.recover(packets[2]!)).toHaveLength(320);
    decoder.close();
  });

  it('refuses a corrupt packet with an error, not a crash', () => {
    const decoder = new OpusStreamDecoder(16000, 1);
    // TOC byte of a code-3 packet claiming 60 frames with no data.
    expect(() => decoder.decode(Uint8Array.of(0xff, 0xff))).toThrow(/opus/);
    decoder.close();
  });
});

describe('OpusRtpReceiver', () => {
  it('turns packets into 60 ms chunks that sound like what was sent', () => {
    const { packets, pcm } = tonePackets(30);
    const chunks: Int16Array[] = [];
    const receiver = new OpusRtpReceiver((c) => chunks.push(c));
    packets.forEach((p, i) => receiver.push(1000 + i, p));
    expect(chunks).toHaveLength(10);
    expect(chunks.every((c) => c.length === CHUNK_SAMPLES)).toBe(true);
    const out = Int16Array.from(chunks.flatMap((c) => [...c]));
    // Loudness within 20% of the tone's (the codec's delay shifts the phase, not the level).
    expect(rms(out.subarray(960))).toBeGreaterThan(rms(pcm) * 0.8);
    expect(rms(out.subarray(960))).toBeLessThan(rms(pcm) * 1.2);
    expect(receiver.stats).toMatchObject({ packets: 30, lost: 0, dropped: 0 });
  });

  it('keeps the stream’s length through losses, and the lost audio is not silence', () => {
    const { packets } = tonePackets(30);
    const chunks: Int16Array[] = [];
    const receiver = new OpusRtpReceiver((c) => chunks.push(c), 320);
    // Packets 10, 11 and 20 never arrive; 5 comes twice; the sequence wraps around.
    packets.forEach((p, i) => {
      if (i === 10 || i === 11 || i === 20) return;
      receiver.push((65530 + i) & 0xffff, p);
      if (i === 5) receiver.push((65530 + i) & 0xffff, p);
    });
    expect(chunks).toHaveLength(30);
    expect(receiver.stats).toMatchObject({ packets: 27, lost: 3, recovered: 2, dropped: 1 });
    // The recovered packets (FEC from the next one) carry the tone.
    expect(rms(chunks[11]!)).toBeGreaterThan(1000);
    expect(rms(chunks[20]!)).toBeGreaterThan(1000);
  });
});
