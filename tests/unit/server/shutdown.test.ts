import { describe, expect, it } from 'vitest';
import { exitCodeOf, stopWithin } from '../../../src/server/shutdown';

describe('stopWithin', () => {
  it('says the server stopped when closing ends in time', async () => {
    const outcome = await stopWithin(() => new Promise((done) => setTimeout(done, 5)), 1000);
    expect(outcome).toEqual({ kind: 'stopped' });
    expect(exitCodeOf(outcome)).toBe(0);
  });

  it('gives up at the deadline when closing hangs', async () => {
    const started = Date.now();
    const outcome = await stopWithin(() => new Promise<void>(() => {}), 30);
    expect(outcome).toEqual({ kind: 'timed-out' });
    expect(Date.now() - started).toBeLessThan(1000);
    expect(exitCodeOf(outcome)).toBe(1);
  });

  it('passes on why closing failed', async () => {
    const outcome = await stopWithin(() => Promise.reject(new Error('database gone')), 1000);
    expect(outcome).toMatchObject({ kind: 'failed', error: { message: 'database gone' } });
    expect(exitCodeOf(outcome)).toBe(1);
  });
});
