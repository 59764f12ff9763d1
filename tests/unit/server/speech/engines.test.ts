/**
 * The start-up lines about the speech tiers: the engine serving each, a fallback with what was
 * skipped (a warning), or why the tier is unavailable (a warning).
 */
import { describe, expect, it } from 'vitest';
import type { EngineStatus } from '../../../../src/native/speech/worker-protocol';
import { speechTierLines } from '../../../../src/server/speech/engines';

describe('speechTierLines', () => {
  it('names each tier’s engine, its fallback, or why it is off', () => {
    const table: Record<string, EngineStatus> = {
      basic: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: ['model "small" is missing'] },
      premium: { ok: false, error: 'no engine is configured' },
    };
    expect(speechTierLines((tier) => table[tier]!)).toEqual([
      ['warn', 'speech tier basic: falling back to pocketsphinx:en-us: model "small" is missing'],
      ['warn', 'speech tier premium unavailable: no engine is configured'],
    ]);
    const good: EngineStatus = { ok: true, id: 'sherpa-onnx:big', langs: ['en-US'], skipped: [] };
    expect(speechTierLines(() => good)).toEqual([
      ['info', 'speech tier basic: sherpa-onnx:big'],
      ['info', 'speech tier premium: sherpa-onnx:big'],
    ]);
  });
});
