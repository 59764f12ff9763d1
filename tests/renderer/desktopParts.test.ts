import { describe, expect, it } from 'vitest';
import { ChunkMixer, MAX_WAIT_CHUNKS, mixInt16 } from '../../src/renderer/features/desktop/mixer';
import { currentOutput, outputChangeStopsRecording } from '../../src/renderer/features/desktop/output-device';
import {
  bubbleReducer,
  bubbleWaitsToHide,
  initialBubble,
  type BubbleEvent,
} from '../../src/renderer/features/caption-window/bubble';
import {
  MOVE_STEP_FAST_PX,
  MOVE_STEP_PX,
  captionViewVersion,
  moveForKey,
} from '../../src/renderer/features/caption-window/caption-view';
import { parseCaptionViewSearch, captionViewSearch } from '../../src/shared/desktop';

const chunk = (value: number, n = 4) => new Int16Array(n).fill(value);

describe('mixing the microphone and the computer audio', () => {
  it('sums samples and saturates instead of wrapping', () => {
    expect(
      Array.from(mixInt16(Int16Array.from([100, 30000, -30000]), Int16Array.from([-50, 10000, -10000]))),
    ).toEqual([50, 32767, -32768]);
  });

  it('pairs chunks of two sources in order', () => {
    const mixer = new ChunkMixer(2);
    expect(mixer.push(0, chunk(1))).toEqual([]);
    expect(mixer.push(0, chunk(2))).toEqual([]);
    expect(mixer.push(1, chunk(10)).map((c) => c[0])).toEqual([11]);
    expect(mixer.push(1, chunk(20)).map((c) => c[0])).toEqual([22]);
  });

  it('does not hold one source back when the other falls silent', () => {
    const mixer = new ChunkMixer(2);
    const out: number[] = [];
    for (let i = 1; i <= MAX_WAIT_CHUNKS + 2; i++) out.push(...mixer.push(0, chunk(i)).map((c) => c[0]!));
    expect(out).toEqual([1, 2]);
  });
});

describe('output device changes during internal-audio recording', () => {
  const devices = (label: string) => [
    { deviceId: 'default', kind: 'audiooutput', label: `Default - ${label}`, groupId: 'g' },
    { deviceId: 'abc', kind: 'audiooutput', label, groupId: 'g' },
    { deviceId: 'mic', kind: 'audioinput', label: 'Microphone', groupId: 'h' },
  ];

  it('reads the output the system plays to', () => {
    expect(currentOutput(devices('Speakers (Realtek)'))).toBe('Speakers (Realtek)');
    expect(
      currentOutput([{ deviceId: 'default', kind: 'audiooutput', label: '', groupId: '' }]),
    ).toBeUndefined();
    expect(currentOutput([])).toBeUndefined();
  });

  it.each([
    ['Speakers (Realtek)', 'Headphones (USB)', true],
    ['Speakers (Realtek)', 'Speakers (Realtek)', false],
    ['Speakers (Realtek)', 'Hearken Virtual Speaker', false],
    ['Hearken Virtual Speaker', 'Speakers (Realtek)', true],
    [undefined, 'Headphones (USB)', false],
  ])('%s -> %s stops: %s', (before, after, stops) => {
    expect(outputChangeStopsRecording(before, after)).toBe(stops);
  });
});

describe('the bubble above caption mode', () => {
  const run = (events: BubbleEvent[]) => events.reduce(bubbleReducer, initialBubble);

  it('shows on activity and hides when its timer of the latest activity ends', () => {
    const shown = run([{ type: 'activity' }]);
    expect(shown.shown).toBe(true);
    expect(bubbleWaitsToHide(shown)).toBe(true);
    expect(bubbleReducer(shown, { type: 'timeout', generation: shown.generation }).shown).toBe(false);
  });

  it('ignores the timer of an older activity', () => {
    const first = run([{ type: 'activity' }]);
    const later = bubbleReducer(first, { type: 'activity' });
    expect(bubbleReducer(later, { type: 'timeout', generation: first.generation }).shown).toBe(true);
  });

  it('stays while hovered or focused by keyboard, and hides after they leave', () => {
    const hovered = run([{ type: 'hover', inside: true }]);
    expect(bubbleWaitsToHide(hovered)).toBe(false);
    expect(bubbleReducer(hovered, { type: 'timeout', generation: hovered.generation }).shown).toBe(true);
    const focused = run([
      { type: 'focus', inside: true },
      { type: 'hover', inside: false },
    ]);
    expect(bubbleReducer(focused, { type: 'timeout', generation: focused.generation }).shown).toBe(true);
    const left = bubbleReducer(focused, { type: 'focus', inside: false });
    expect(bubbleReducer(left, { type: 'timeout', generation: left.generation }).shown).toBe(false);
  });
});

describe('caption view', () => {
  it.each([
    [{}, 'v2'],
    [{ desktopVersion: '2.2.0' }, 'v2'],
    [{ desktopVersion: '2.1.9' }, 'v2'],
    [{ desktopVersion: '2.1.8' }, 'v1'],
    [{ desktopVersion: '2.2.0', desktopV2Flag: false }, 'v1'],
    [{ desktopV2Flag: true }, 'v2'],
  ] as const)('%j -> %s', (options, view) => {
    expect(captionViewVersion(options)).toBe(view);
  });

  it('moves the window with the arrow keys, faster with Shift', () => {
    expect(moveForKey('ArrowLeft', false)).toEqual({ dx: -MOVE_STEP_PX, dy: 0 });
    expect(moveForKey('ArrowDown', true)).toEqual({ dx: 0, dy: MOVE_STEP_FAST_PX });
    expect(moveForKey('a', false)).toBeUndefined();
  });

  it('round-trips its query and falls back on anything unknown', () => {
    const query = {
      mode: 'captionsBox' as const,
      roomId: 'a_b',
      offline: true,
      theme: { name: 'fog' as const, variant: 'light' as const, bold: true },
    };
    expect(parseCaptionViewSearch(captionViewSearch(query))).toEqual(query);
    expect(parseCaptionViewSearch('?mode=fullscreen&theme=neon&variant=sepia')).toEqual({
      mode: 'floatingCaptions',
      offline: false,
      theme: { name: 'charcoal', variant: 'dark', bold: false },
    });
  });
});
