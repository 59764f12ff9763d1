/**
 * Exports at once (issue 29 F-13): one per identity, a few on the server, a short queue behind
 * them, and beyond it a refusal, never an export left running without its place.
 */
import { describe, expect, it } from 'vitest';
import { ExportGate } from '../../../../src/server/transcripts/export-gate';

/** Work that ends when told to, and says when it started. */
function heldWork() {
  let finish!: () => void;
  let started = false;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      started = true;
      await done;
      return 'file';
    },
    finish: () => finish(),
    started: () => started,
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ExportGate', () => {
  it('refuses a second export of the same identity while its first is made', async () => {
    const gate = new ExportGate(2, 8);
    const first = heldWork();
    const running = gate.run('identity:ada', first.work);
    expect(await gate.run('identity:ada', heldWork().work)).toEqual({ ok: false });
    first.finish();
    expect(await running).toEqual({ ok: true, value: 'file' });
    // Once done, the same person may export again.
    expect(await gate.run('identity:ada', async () => 'again')).toEqual({ ok: true, value: 'again' });
  });

  it('runs a few at once, queues the next ones, and refuses past the queue', async () => {
    const gate = new ExportGate(2, 1);
    const [a, b, c] = [heldWork(), heldWork(), heldWork()];
    const ra = gate.run('a', a.work);
    const rb = gate.run('b', b.work);
    const rc = gate.run('c', c.work);
    await tick();
    expect([a.started(), b.started(), c.started()]).toEqual([true, true, false]);
    expect(gate.inProgress).toBe(2);
    // The queue (one place) is full: a fourth person is refused at once.
    expect(await gate.run('d', async () => 'never')).toEqual({ ok: false });
    a.finish();
    await ra;
    await tick();
    // The place a's export left went to c: never more than two at once.
    expect(c.started()).toBe(true);
    expect(gate.inProgress).toBe(2);
    b.finish();
    c.finish();
    expect(await rb).toEqual({ ok: true, value: 'file' });
    expect(await rc).toEqual({ ok: true, value: 'file' });
    expect(gate.inProgress).toBe(0);
  });

  it('gives the place back when an export fails', async () => {
    const gate = new ExportGate(1, 0);
    await expect(
      gate.run('a', async () => {
        throw new Error('docx failed');
      }),
    ).rejects.toThrow('docx failed');
    expect(gate.inProgress).toBe(0);
    expect(await gate.run('a', async () => 'ok')).toEqual({ ok: true, value: 'ok' });
  });
});
