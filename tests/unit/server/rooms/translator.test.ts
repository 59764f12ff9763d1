import { describe, expect, it } from 'vitest';
import { RoomTranslator, mergeTranslations } from '../../../../src/server/rooms/translator';
import { TranslationError, type TranslationEngine } from '../../../../src/server/translation/engine';
import type { Transcript } from '../../../../src/shared/entities';
import { FakeTimers } from '../../../helpers/fake-timers';

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
}

/** Translates by tagging the text with the target, or fails for the languages told. */
class FakeEngine implements TranslationEngine {
  readonly id = 'fake';
  readonly asked: { text: string; to: string }[] = [];
  failing = new Set<string>();
  pairs() {
    return [
      { from: 'en', to: 'es' },
      { from: 'en', to: 'ca' },
      { from: 'es', to: 'en' },
    ];
  }
  async translate(text: string, _from: string, to: string): Promise<string> {
    this.asked.push({ text, to });
    if (this.failing.has(to)) throw new TranslationError('timeout', `took longer than 5000 ms`);
    return `${to}:${text}`;
  }
  async close(): Promise<void> {}
}

function caption(id: string, text: string, isFinal = false): Transcript {
  return {
    id,
    isFinal,
    author: 'ada',
    authorShow: 'Ada',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    usePaidASR: false,
    index: 0,
    timestampMs: 0,
    t0: 0,
    trackName: 't',
  };
}

function setup() {
  const timers = new FakeTimers();
  const engine = new FakeEngine();
  const partials: Transcript[] = [];
  const finals: Transcript[] = [];
  const translator = new RoomTranslator({
    engine,
    timers,
    log: () => {},
    sendPartial: (t) => partials.push(t),
    finalTranslated: (t) => finals.push(t),
  });
  return { timers, engine, partials, finals, translator };
}

describe('RoomTranslator', () => {
  it('translates only into the languages people read, and never the speaker’s own', () => {
    const { translator } = setup();
    const reader = {};
    const english = {};
    translator.setReader(reader, 'es');
    translator.setReader(english, 'en');
    expect(translator.targets('en-US')).toEqual(['es']);
    translator.forget(reader);
    expect(translator.targets('en-US')).toEqual([]);
  });

  it('translates a final for every reader, with indexes, after it was shown', async () => {
    const { translator, finals } = setup();
    translator.setReader({}, 'es');
    translator.setReader({}, 'ca');
    translator.final(caption('c1', 'good morning', true));
    await flush();
    expect(finals).toHaveLength(1);
    expect(finals[0]!.texts).toEqual({
      'en-US': 'good morning',
      es: 'es:good morning',
      ca: 'ca:good morning',
    });
    expect(finals[0]!.indexes).toEqual({ 'en-US': 12, es: 12, ca: 12 });
    expect(finals[0]!.translationErrors).toBeUndefined();
  });

  it('says a failed translation and keeps the original and the other languages', async () => {
    const { translator, finals, engine } = setup();
    engine.failing.add('ca');
    translator.setReader({}, 'es');
    translator.setReader({}, 'ca');
    translator.final(caption('c1', 'hello', true));
    await flush();
    expect(finals[0]!.texts).toEqual({ 'en-US': 'hello', es: 'es:hello' });
    expect(finals[0]!.translationErrors).toEqual({ ca: 'took longer than 5000 ms' });
  });

  it('translates partials at most every 500 ms per caption, carrying the last translation meanwhile', async () => {
    const { translator, partials, engine, timers } = setup();
    translator.setReader({}, 'es');
    const first = translator.partial(caption('c1', 'I'));
    expect(first.texts).toEqual({ 'en-US': 'I' });
    await flush();
    expect(partials.at(-1)!.texts).toEqual({ 'en-US': 'I', es: 'es:I' });
    timers.advanceTo(100);
    const second = translator.partial(caption('c1', 'I can'));
    // Shown at once with the translation it has, which covers 1 of its 5 characters.
    expect(second.texts).toEqual({ 'en-US': 'I can', es: 'es:I' });
    expect(second.indexes).toEqual({ 'en-US': 5, es: 1 });
    timers.advanceTo(200);
    translator.partial(caption('c1', 'I cannot'));
    await flush();
    expect(engine.asked.map((a) => a.text)).toEqual(['I']);
    timers.advanceTo(500);
    await flush();
    expect(engine.asked.map((a) => a.text)).toEqual(['I', 'I cannot']);
    expect(partials.at(-1)!.texts).toEqual({ 'en-US': 'I cannot', es: 'es:I cannot' });
  });

  it('translates the firm words of a partial, and asks again only when they grow (issue 25)', async () => {
    const { translator, partials, engine, timers } = setup();
    translator.setReader({}, 'es');
    translator.partial({ ...caption('c1', 'Good morning every'), firmWords: 2 });
    await flush();
    expect(partials.at(-1)!.texts.es).toBe('es:Good morning');
    expect(partials.at(-1)!.indexes).toEqual({ 'en-US': 18, es: 12 });
    timers.advanceTo(600);
    // Only the tentative tail changed: nothing new to translate.
    translator.partial({ ...caption('c1', 'Good morning everyone'), firmWords: 2 });
    timers.advanceTo(1200);
    await flush();
    expect(engine.asked.map((a) => a.text)).toEqual(['Good morning']);
    translator.partial({ ...caption('c1', 'Good morning everyone here'), firmWords: 3 });
    await flush();
    expect(engine.asked.map((a) => a.text)).toEqual(['Good morning', 'Good morning everyone']);
  });

  it('sends no partial translation once the caption is final', async () => {
    const { translator, partials, timers, engine } = setup();
    translator.setReader({}, 'es');
    translator.partial(caption('c1', 'hello'));
    translator.partial(caption('c1', 'hello there'));
    translator.final(caption('c1', 'hello there', true));
    await flush();
    const before = partials.length;
    timers.advanceTo(1000);
    await flush();
    expect(partials.length).toBe(before);
    expect(engine.asked.map((a) => a.text)).toEqual(['hello', 'hello there']);
  });

  it('does nothing without readers of another language, or without an engine', async () => {
    const { translator, engine, finals } = setup();
    translator.final(caption('c1', 'hello', true));
    await flush();
    expect(engine.asked).toEqual([]);
    expect(finals).toEqual([]);
    const off = new RoomTranslator({
      engine: undefined,
      timers: new FakeTimers(),
      log: () => {},
      sendPartial: () => {},
      finalTranslated: () => {},
    });
    expect(off.available).toBe(false);
    expect(off.readable('es')).toBe(false);
  });

  it('adds the other person’s language when auto-translate is on', () => {
    const { translator } = setup();
    translator.autoTranslation = { hostLanguage: 'en-US', guestLanguage: 'es', active: 'host' };
    expect(translator.targets('en-US')).toEqual(['es']);
    expect(translator.targets('es-ES')).toEqual(['en']);
  });
});

describe('mergeTranslations', () => {
  it('adds translations made apart, keeps the original, and drops an error once a text exists', () => {
    const base = caption('c1', 'hello', true);
    const current = {
      ...base,
      texts: { 'en-US': 'hello', es: 'hola' },
      indexes: { 'en-US': 5, es: 5 },
      translationErrors: { ca: 'timed out' },
    };
    const update = {
      ...base,
      texts: { 'en-US': 'changed?', ca: 'hola (ca)' },
      indexes: { 'en-US': 5, ca: 5 },
    };
    expect(mergeTranslations(current, update)).toEqual({
      ...base,
      texts: { 'en-US': 'hello', es: 'hola', ca: 'hola (ca)' },
      indexes: { 'en-US': 5, es: 5, ca: 5 },
    });
  });
});

describe('a final corrected many times a second (issue 31)', () => {
  it('is translated one version at a time, the newest next, not once per correction', async () => {
    const { engine, finals, translator } = setup();
    translator.setReader({}, 'es');
    translator.final(caption('l1', 'one', true));
    translator.final(caption('l1', 'one two', true));
    translator.final(caption('l1', 'one two three', true));
    await flush();
    expect(engine.asked.map((a) => a.text)).toEqual(['one', 'one two three']);
    expect(finals.map((f) => f.texts.es)).toEqual(['es:one', 'es:one two three']);
    // Another line is not held up by it, and once done a line is translated again as before.
    translator.final(caption('l2', 'other', true));
    translator.final(caption('l1', 'one two three four', true));
    await flush();
    expect(engine.asked.map((a) => a.text).slice(2)).toEqual(['other', 'one two three four']);
  });
});
