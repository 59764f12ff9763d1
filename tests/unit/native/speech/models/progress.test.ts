import { describe, expect, it } from 'vitest';
import {
  createProgressReporter,
  downloadSpeed,
  formatMegabytes,
  formatProgress,
  type ProgressState,
} from '../../../../../src/native/speech/models/progress';

const MB = 1_000_000;

describe('formatProgress', () => {
  it('shows bar, percent, megabytes, speed and time left when the size is known', () => {
    const line = formatProgress(
      { receivedBytes: 50 * MB, totalBytes: 200 * MB, startBytes: 0, elapsedMs: 10_000 },
      8,
    );
    expect(line).toBe('[##......]  25%  50.0 MB / 200.0 MB  5.0 MB/s  30s left');
  });

  it('shows only megabytes and speed when the size is unknown', () => {
    expect(formatProgress({ receivedBytes: 3 * MB, startBytes: 0, elapsedMs: 2000 })).toBe(
      '3.0 MB  1.5 MB/s',
    );
  });

  it('counts speed over this download only, not the resumed part', () => {
    const state = { receivedBytes: 110 * MB, totalBytes: 300 * MB, startBytes: 100 * MB, elapsedMs: 5000 };
    expect(downloadSpeed(state)).toBe(2 * MB);
    expect(formatProgress(state, 10)).toContain('36%');
    expect(formatProgress(state, 10)).toContain('1m35s left');
  });

  it('never shows more than 100% or a negative bar', () => {
    const line = formatProgress({ receivedBytes: 12, totalBytes: 10, startBytes: 0, elapsedMs: 1 }, 4);
    expect(line.startsWith('[####] 100%')).toBe(true);
  });

  it('formats megabytes with one decimal', () => {
    expect(formatMegabytes(310_414_022)).toBe('310.4 MB');
  });
});

describe('createProgressReporter', () => {
  const at = (receivedBytes: number): ProgressState => ({
    receivedBytes,
    totalBytes: 100,
    startBytes: 0,
    elapsedMs: 1000,
  });

  it('on a terminal, redraws one line in place and ends it once', () => {
    const out: string[] = [];
    let t = 0;
    const r = createProgressReporter({
      isTTY: true,
      write: (s) => out.push(s),
      now: () => t,
      redrawIntervalMs: 100,
    });
    r.update(at(10));
    t = 50;
    r.update(at(20)); // too soon: skipped
    t = 200;
    r.update(at(30));
    t = 250;
    r.update(at(40)); // skipped, but done() shows it
    r.done();
    const redraws = out.filter((s) => s.startsWith('\r'));
    expect(redraws).toHaveLength(3);
    expect(redraws.map((s) => /(\d+)%/.exec(s)?.[1])).toEqual(['10', '30', '40']);
    expect(out[out.length - 1]).toBe('\n');
  });

  it('in a log, writes whole lines at most every interval, and the last state at the end', () => {
    const out: string[] = [];
    let t = 0;
    const r = createProgressReporter({
      isTTY: false,
      write: (s) => out.push(s),
      now: () => t,
      lineIntervalMs: 5000,
    });
    for (let i = 1; i <= 100; i++) {
      t = i * 100;
      r.update(at(i));
    }
    r.done();
    expect(out.every((s) => s.endsWith('\n') && !s.includes('\r'))).toBe(true);
    expect(out).toHaveLength(3); // t=100, t=5100, and the final state at t=10000
    expect(out[2]).toContain('100%');
  });
});
