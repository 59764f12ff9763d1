import { describe, expect, it } from 'vitest';
import { Readiness } from '../../../../src/server/health/readiness';

const ok = (name: string) => ({ name, check: () => {} });

describe('Readiness', () => {
  it('is ready when every part answers', async () => {
    const report = await new Readiness([ok('database'), ok('speech')]).report();
    expect(report.ready).toBe(true);
    expect(report.draining).toBe(false);
    expect(Object.keys(report.checks)).toEqual(['database', 'speech']);
  });

  it('is not ready when one part fails, and says which and why', async () => {
    const report = await new Readiness([
      ok('database'),
      {
        name: 'redis',
        check: async () => {
          throw new Error('connection refused');
        },
      },
    ]).report();
    expect(report.ready).toBe(false);
    expect(report.checks.redis).toMatchObject({ ok: false, error: 'connection refused' });
    expect(report.checks.database).toMatchObject({ ok: true });
  });

  it('counts a part that does not answer in time as failed, without waiting for it', async () => {
    const readiness = new Readiness([{ name: 'database', check: () => new Promise<void>(() => {}) }], {
      timeoutMs: 50,
    });
    const started = Date.now();
    const report = await readiness.report();
    expect(Date.now() - started).toBeLessThan(1000);
    expect(report.checks.database).toMatchObject({ ok: false, error: 'no answer within 50 ms' });
  });

  it('is not ready once draining, even with every part answering', async () => {
    const readiness = new Readiness([ok('database')]);
    readiness.drain();
    expect(await readiness.report()).toMatchObject({ ready: false, draining: true });
  });
});
