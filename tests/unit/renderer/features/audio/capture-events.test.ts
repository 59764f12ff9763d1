import { describe, expect, it } from 'vitest';
import {
  CaptureEvents,
  MAX_EARLY_CAPTURE_EVENTS,
} from '../../../../../src/renderer/features/audio/capture-events';
import type { CaptureEvent } from '../../../../../src/renderer/features/audio/capture';

const chunk = (n: number): CaptureEvent => ({ kind: 'chunk', samples: Int16Array.of(n) });
const numbers = (events: CaptureEvent[]) => events.map((e) => (e.kind === 'chunk' ? e.samples[0] : 'ended'));

describe('CaptureEvents', () => {
  it('hands audio that came before anyone listened to the first listener, in order, then live', () => {
    const events = new CaptureEvents();
    events.emit(chunk(1));
    events.emit(chunk(2));
    const seen: CaptureEvent[] = [];
    events.subscribe((e) => seen.push(e));
    events.emit(chunk(3));
    expect(numbers(seen)).toEqual([1, 2, 3]);
  });

  it('keeps at most the cap of early audio, the newest, and never drops the end', () => {
    const events = new CaptureEvents();
    for (let i = 0; i < MAX_EARLY_CAPTURE_EVENTS + 10; i++) events.emit(chunk(i));
    events.emit({ kind: 'ended' });
    const seen: CaptureEvent[] = [];
    events.subscribe((e) => seen.push(e));
    expect(seen).toHaveLength(MAX_EARLY_CAPTURE_EVENTS);
    expect(numbers(seen).at(-1)).toBe('ended');
    expect(numbers(seen).at(-2)).toBe(MAX_EARLY_CAPTURE_EVENTS + 9);
  });

  it('sends to every listener, stops sending to one that left, and to all once cleared', () => {
    const events = new CaptureEvents();
    const a: CaptureEvent[] = [];
    const b: CaptureEvent[] = [];
    const offA = events.subscribe((e) => a.push(e));
    events.subscribe((e) => b.push(e));
    events.emit(chunk(1));
    offA();
    events.emit(chunk(2));
    events.clear();
    events.emit(chunk(3));
    expect(numbers(a)).toEqual([1]);
    expect(numbers(b)).toEqual([1, 2]);
  });
});
