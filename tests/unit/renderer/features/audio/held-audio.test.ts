/**
 * The buffer of audio the server may not have: what a PONG proves arrived is let go, a lost
 * connection makes everything unsent again, and the bound drops the oldest.
 */
import { describe, expect, it } from 'vitest';
import {
  HELD_AUDIO_MAX_CHUNKS,
  HELD_AUDIO_MAX_MS,
  CHUNK_LENGTH_MS,
} from '../../../../../src/shared/constants';
import { HeldAudio, joinChunks } from '../../../../../src/renderer/features/audio/held-audio';

const chunk = (value: number, length = 4) => new Int16Array(length).fill(value);
const values = (held: HeldAudio, from = 0) =>
  held.sendFrom(from, Number.MAX_SAFE_INTEGER, 0).map((c) => c.samples[0]);

describe('HeldAudio', () => {
  it('holds at least five minutes of 60 ms chunks by default', () => {
    expect(HELD_AUDIO_MAX_MS).toBeGreaterThanOrEqual(5 * 60_000);
    expect(new HeldAudio().maxChunks * CHUNK_LENGTH_MS).toBeGreaterThanOrEqual(5 * 60_000);
    expect(HELD_AUDIO_MAX_CHUNKS).toBe(5000);
  });

  it('numbers chunks by their place in the capture, counting audio sent another way', () => {
    const held = new HeldAudio();
    held.add(chunk(1), 0);
    held.pass(4);
    held.add(chunk(2), 0);
    expect(held.sendFrom(0, 100, 0).map((c) => c.offset)).toEqual([0, 8]);
    expect(held.end).toBe(12);
  });

  it('lets go of what was sent before the ping a PONG answers, and nothing unsent', () => {
    const held = new HeldAudio();
    held.add(chunk(1), 0, 100);
    held.add(chunk(2), 60, 160);
    held.add(chunk(3), 120);
    held.confirm(160);
    expect(held.first?.samples[0]).toBe(2);
    held.confirm(10_000);
    expect(held.first?.samples[0]).toBe(3);
    expect(held.length).toBe(1);
  });

  it('after a lost connection nothing is proved arrived, until sent again', () => {
    const held = new HeldAudio();
    held.add(chunk(1), 0, 100);
    held.add(chunk(2), 60, 160);
    held.lost();
    held.confirm(10_000);
    expect(held.length).toBe(2);
    // Sent again on the new connection, then proved by its first PONG.
    held.sendFrom(0, 4, 20_000);
    held.confirm(20_001);
    expect(held.first?.samples[0]).toBe(2);
  });

  it('keeps at most its bound, dropping the oldest and counting them', () => {
    const held = new HeldAudio(3);
    for (let i = 1; i <= 5; i++) held.add(chunk(i), i * 60);
    expect(held.length).toBe(3);
    expect(values(held)).toEqual([3, 4, 5]);
    expect(held.first?.offset).toBe(8);
    expect(held.takeDropped()).toBe(2);
    expect(held.takeDropped()).toBe(0);
  });

  it('gives chunks from an offset in batches of about a frame, at least one', () => {
    const held = new HeldAudio();
    for (let i = 1; i <= 5; i++) held.add(chunk(i), 0);
    const batch = held.sendFrom(4, 8, 50);
    expect(batch.map((c) => c.samples[0])).toEqual([2, 3]);
    expect(batch.every((c) => c.sentAtMs === 50)).toBe(true);
    expect(held.sendFrom(0, 1, 0)).toHaveLength(1);
    expect(Array.from(joinChunks(batch))).toEqual([2, 2, 2, 2, 3, 3, 3, 3]);
  });

  it('gives the chunks never sent once, in order, and knows where they begin (WebRTC’s held chunks)', () => {
    const held = new HeldAudio();
    held.add(chunk(1), 0, 10);
    held.add(chunk(2), 60);
    held.add(chunk(3), 120);
    expect(held.firstUnsent?.offset).toBe(4);
    expect(held.sendUnsent(200).map((c) => c.samples[0])).toEqual([2, 3]);
    expect(held.firstUnsent).toBeUndefined();
    expect(held.sendUnsent(300)).toEqual([]);
    // Sent now: a PONG to a later ping lets them go.
    held.confirm(250);
    expect(held.length).toBe(0);
  });
});
