/**
 * The pure rules of held audio: the capture ledger decodes every sample of a speaker's capture
 * once, however often it is sent, and a line captioned late takes the index of the line said
 * after it.
 */
import { describe, expect, it } from 'vitest';
import { CaptureLedger, lateIndex } from '../../../../src/server/rooms/catch-up';

const samples = (from: number, length: number) => Int16Array.from({ length }, (_, i) => from + i);

describe('CaptureLedger', () => {
  it('passes a stream’s audio once, and trims from held audio what the room heard before', () => {
    const ledger = new CaptureLedger();
    const live = {};
    expect(ledger.begin(live, 'a', { id: 'c1', offsetSamples: 0 })).toBe(0);
    expect(Array.from(ledger.trim(live, samples(0, 4)))).toEqual([0, 1, 2, 3]);
    expect(ledger.heardTo('a', 'c1')).toBe(4);
    // The client held from 2 (it could not know 2 and 3 arrived): only 4 on is new.
    const held = {};
    expect(ledger.begin(held, 'a', { id: 'c1', offsetSamples: 2 })).toBe(2);
    expect(Array.from(ledger.trim(held, samples(2, 4)))).toEqual([4, 5]);
    expect(ledger.heardTo('a', 'c1')).toBe(6);
    // A dead socket’s last frames, arriving after the held audio covered them: dropped whole.
    expect(ledger.trim(live, samples(4, 2))).toHaveLength(0);
    expect(ledger.heardTo('a', 'c1')).toBe(6);
  });

  it('keeps speakers and captures apart, and passes streams that never said where they are', () => {
    const ledger = new CaptureLedger();
    const a = {};
    ledger.begin(a, 'a', { id: 'c1', offsetSamples: 0 });
    ledger.trim(a, samples(0, 10));
    const b = {};
    expect(ledger.begin(b, 'b', { id: 'c1', offsetSamples: 0 })).toBe(0);
    const newCapture = {};
    expect(ledger.begin(newCapture, 'a', { id: 'c2', offsetSamples: 0 })).toBe(0);
    expect(ledger.trim(newCapture, samples(0, 3))).toHaveLength(3);
    const unknown = {};
    expect(ledger.trim(unknown, samples(0, 3))).toHaveLength(3);
  });

  it('a restarted recogniser carries on from where its stream was', () => {
    const ledger = new CaptureLedger();
    const first = {};
    ledger.begin(first, 'a', { id: 'c1', offsetSamples: 100 });
    ledger.trim(first, samples(100, 50));
    const restarted = {};
    ledger.carry(first, restarted);
    ledger.trim(restarted, samples(150, 50));
    expect(ledger.heardTo('a', 'c1')).toBe(200);
  });
});

describe('lateIndex', () => {
  const line = (index: number, timestampMs: number) => ({ index, timestampMs });

  it('is the index of the first line said after it, in caption order', () => {
    const lines = [line(1, 1000), line(2, 5000), line(3, 4000), line(4, 9000)];
    expect(lateIndex(lines, 3500)).toBe(2);
    expect(lateIndex(lines, 4500)).toBe(2);
    expect(lateIndex(lines, 6000)).toBe(4);
    expect(lateIndex(lines, 500)).toBe(1);
  });

  it('is undefined when every line was said before it, and ignores lines not yet placed', () => {
    expect(lateIndex([line(1, 1000), line(2, 2000)], 3000)).toBeUndefined();
    expect(lateIndex([line(-1, 9000)], 3000)).toBeUndefined();
    expect(lateIndex([], 3000)).toBeUndefined();
  });
});
