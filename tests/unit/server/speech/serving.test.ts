import { describe, expect, it } from 'vitest';
import type { EngineStatus } from '../../../../src/native/speech/worker-protocol';
import {
  NO_BETTER_MODEL,
  speechOffered,
  tierServing,
  tiersServing,
} from '../../../../src/server/speech/serving';

const statuses =
  (table: Record<string, EngineStatus>) =>
  (name: string): EngineStatus =>
    table[name] ?? { ok: false, error: `no engine is configured for "${name}"` };

const MISSING = 'sherpa-onnx model "big" is not installed. To install it: npm run models:download -- big';

describe('tierServing', () => {
  it('reports the engine that was meant to serve as it is', () => {
    const status = statuses({
      basic: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: [] },
      premium: { ok: true, id: 'sherpa-onnx:big', langs: ['en-US'], skipped: [] },
    });
    expect(tiersServing(status)).toEqual({
      basic: { engine: 'pocketsphinx:en-us', available: true },
      premium: { engine: 'sherpa-onnx:big', available: true },
    });
  });

  it('says PocketSphinx is a fallback when the sherpa-onnx model before it was skipped', () => {
    const status = statuses({
      basic: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: [MISSING] },
    });
    expect(tierServing('basic', status)).toEqual({
      engine: 'pocketsphinx:en-us',
      available: true,
      fallback: true,
      problem: MISSING,
    });
  });

  it('says PocketSphinx is a fallback where the best installed engine was wanted and no model is installed, not where one is', () => {
    const status = statuses({
      basic: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: [] },
      premium: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: [] },
    });
    expect(tiersServing(status, { basic: 'best-installed', premium: 'best-installed' })).toEqual({
      basic: { engine: 'pocketsphinx:en-us', available: true, fallback: true, problem: NO_BETTER_MODEL },
      premium: { engine: 'pocketsphinx:en-us', available: true, fallback: true, problem: NO_BETTER_MODEL },
    });
    expect(NO_BETTER_MODEL).toContain(
      'npm run models:download -- sherpa-onnx-streaming-zipformer-en-2023-06-26',
    );
    // Named by the operator, PocketSphinx is their choice, not a stand-in.
    expect(tiersServing(status, { basic: 'configured', premium: 'best-installed' }).basic).toEqual({
      engine: 'pocketsphinx:en-us',
      available: true,
    });
    // An installed sherpa-onnx model serving instead: nothing to say.
    const installed = statuses({
      basic: { ok: true, id: 'sherpa-onnx:small', langs: ['en-US'], skipped: [] },
      premium: { ok: true, id: 'sherpa-onnx:big', langs: ['en-US'], skipped: [] },
    });
    expect(tiersServing(installed, { basic: 'best-installed', premium: 'best-installed' })).toEqual({
      basic: { engine: 'sherpa-onnx:small', available: true },
      premium: { engine: 'sherpa-onnx:big', available: true },
    });
  });

  it('says premium falls back to basic when it has no engine, and not when neither has', () => {
    const withBasic = statuses({
      basic: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: [] },
      premium: { ok: false, error: MISSING },
    });
    expect(tierServing('premium', withBasic)).toEqual({
      engine: '',
      available: false,
      problem: MISSING,
      fallback: true,
    });
    const none = statuses({ premium: { ok: false, error: MISSING } });
    expect(tierServing('premium', none).fallback).toBeUndefined();
    expect(tierServing('basic', none)).toMatchObject({ available: false });
  });
});

describe('speechOffered', () => {
  it('lists the tiers, every language any engine serves once, and speaker identification', () => {
    const status = statuses({
      basic: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US', 'fr-FR'], skipped: [] },
      premium: { ok: true, id: 'sherpa-onnx:big', langs: ['en-US', 'de-DE'], skipped: [] },
    });
    expect(speechOffered(status, true)).toEqual({
      tiers: tiersServing(status),
      speakerIdentification: { available: true },
      langs: ['en-US', 'fr-FR', 'de-DE'],
    });
  });

  it('passes each tier’s choice on', () => {
    const status = statuses({
      basic: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: [] },
      premium: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: [] },
    });
    const offered = speechOffered(status, false, { basic: 'configured', premium: 'best-installed' });
    expect([offered.tiers.basic.fallback, offered.tiers.premium.fallback]).toEqual([undefined, true]);
  });

  it('offers no language of a tier that has no engine', () => {
    const status = statuses({ basic: { ok: true, id: 'pocketsphinx:en-us', langs: ['en-US'], skipped: [] } });
    expect(speechOffered(status, false)).toMatchObject({
      speakerIdentification: { available: false },
      langs: ['en-US'],
    });
  });
});
