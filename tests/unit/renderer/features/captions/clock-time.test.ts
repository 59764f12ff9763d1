import { describe, expect, it } from 'vitest';
import { clockTimeFormat } from '../../../../../src/shared/clock-time';
import { gapTimes } from '../../../../../src/renderer/features/captions/components/GapNote';

describe('one clock time format', () => {
  it('writes a gap’s times as the transcript writes its lines’ times (no leading zero in English)', () => {
    const ms = Date.UTC(2026, 11, 5, 13, 12, 25);
    const line = clockTimeFormat('en').format(ms);
    const gap = gapTimes({ fromMs: ms, toMs: ms } as never, 'en');
    expect(gap.from).toBe(line);
    expect(gap.from).not.toMatch(/^0\d:/);
  });
});
