import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../../src/shared/entities';
import { captionReading } from '../../../../../src/renderer/features/translation/reading';

function caption(extra: Partial<Transcript> = {}): Transcript {
  return {
    id: 'c1',
    isFinal: true,
    author: 'ada',
    authorShow: 'Ada',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': 'good morning' },
    usePaidASR: false,
    index: 0,
    timestampMs: 0,
    t0: 0,
    trackName: 't',
    ...extra,
  };
}

describe('captionReading', () => {
  it('shows the original to someone reading as spoken, or in the speaker’s language', () => {
    expect(captionReading(caption(), null)).toEqual({
      text: 'good morning',
      lang: 'en-US',
      pending: false,
      failed: false,
      firmChars: 12,
    });
    expect(captionReading(caption(), 'en')).toMatchObject({ text: 'good morning', pending: false });
  });

  it("says where a partial's firm words end in the original (issue 25)", () => {
    const partial = caption({ isFinal: false, texts: { 'en-US': 'Good morning every' }, firmWords: 2 });
    expect(captionReading(partial, null).firmChars).toBe(12);
    expect(captionReading({ ...partial, firmWords: 0 }, 'en').firmChars).toBe(0);
  });

  it('shows the translation with the original beside it', () => {
    const t = caption({
      texts: { 'en-US': 'good morning', es: 'buenos días' },
      indexes: { 'en-US': 12, es: 12 },
    });
    expect(captionReading(t, 'es')).toEqual({
      text: 'buenos días',
      lang: 'es',
      original: 'good morning',
      pending: false,
      failed: false,
    });
  });

  it('says a translation of fewer words than the original is still catching up', () => {
    const t = caption({ texts: { 'en-US': 'good morning', es: 'bueno' }, indexes: { 'en-US': 12, es: 4 } });
    expect(captionReading(t, 'es')).toMatchObject({ text: 'bueno', pending: true });
  });

  it('shows the original while the translation comes, and says when it failed', () => {
    expect(captionReading(caption(), 'es')).toMatchObject({
      text: 'good morning',
      pending: true,
      failed: false,
    });
    expect(captionReading(caption({ translationErrors: { es: 'timed out' } }), 'es')).toMatchObject({
      text: 'good morning',
      pending: false,
      failed: true,
    });
  });
});
