import { describe, expect, it } from 'vitest';
import { runEditFuzz } from '../../../helpers/edit-fuzz';

/** Seeds in CI; `npm run fuzz:edits -- --seeds N` runs more. */
const SEEDS = 1000;

describe('convergent editing: the seeded fuzz', () => {
  it(`every replica ends equal to the server's transcript, for ${SEEDS} seeds`, { timeout: 30_000 }, () => {
    const failures: string[] = [];
    let applied = 0;
    let asr = 0;
    let reconnects = 0;
    let duplicates = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const result = runEditFuzz(seed);
      applied += result.stats.applied;
      asr += result.stats.asrChanges;
      reconnects += result.stats.reconnects;
      duplicates += result.stats.duplicates;
      if (!result.ok) failures.push(`seed ${seed}: ${result.problems.slice(0, 3).join('; ')}`);
    }
    expect(failures.slice(0, 5)).toEqual([]);
    // The runs did what they are for: people's edits, the recogniser, resends and reconnections.
    expect(applied).toBeGreaterThan(SEEDS * 5);
    expect(asr).toBeGreaterThan(SEEDS * 5);
    expect(reconnects).toBeGreaterThan(SEEDS / 4);
    expect(duplicates).toBeGreaterThan(10);
  });

  it('converges on seeds longer runs once failed on (an edit cut in two while in flight, then resent)', () => {
    for (const seed of [9705]) expect(runEditFuzz(seed).problems, `seed ${seed}`).toEqual([]);
  });

  it('fails when the server does not transform late mutations (the fuzz can tell)', () => {
    let failed = 0;
    for (let seed = 1; seed <= 100; seed++) if (!runEditFuzz(seed, { transform: false }).ok) failed++;
    expect(failed).toBeGreaterThan(10);
  });
});
