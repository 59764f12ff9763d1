import { describe, expect, it } from 'vitest';
import { TranslationCadence } from '../../../../src/server/rooms/translation-cadence';
import { TRANSLATION_DELAY_MS } from '../../../../src/shared/constants';
import { FakeTimers } from '../../../helpers/fake-timers';

function setup() {
  const timers = new FakeTimers();
  const translated: { at: number; text: string }[] = [];
  const cadence = new TranslationCadence<string>(
    (text) => translated.push({ at: timers.now(), text }),
    timers,
  );
  return { timers, translated, cadence };
}

describe('TranslationCadence', () => {
  it('uses the spec’s translation delay of half a second', () => {
    expect(TRANSLATION_DELAY_MS).toBe(500);
  });

  it('translates a caption’s first partial at once, then at most every 500 ms, always the latest', () => {
    const { timers, translated, cadence } = setup();
    cadence.partial('c1', 'I');
    timers.advanceTo(100);
    cadence.partial('c1', 'I can');
    timers.advanceTo(200);
    cadence.partial('c1', 'I cannot');
    timers.advanceTo(450);
    cadence.partial('c1', 'I cannot hear');
    timers.advanceTo(1200);
    expect(translated).toEqual([
      { at: 0, text: 'I' },
      { at: 500, text: 'I cannot hear' },
    ]);
  });

  it('follows each caption on its own clock', () => {
    const { timers, translated, cadence } = setup();
    cadence.partial('a', 'one');
    timers.advanceTo(100);
    cadence.partial('b', 'two');
    cadence.partial('a', 'one more');
    timers.advanceTo(600);
    expect(translated).toEqual([
      { at: 0, text: 'one' },
      { at: 100, text: 'two' },
      { at: 500, text: 'one more' },
    ]);
  });

  it('drops a waiting partial once the caption is final, and forgets the caption', () => {
    const { timers, translated, cadence } = setup();
    cadence.partial('c1', 'hello');
    cadence.partial('c1', 'hello there');
    cadence.end('c1');
    timers.advanceTo(2000);
    expect(translated.map((t) => t.text)).toEqual(['hello']);
    expect(cadence.open).toBe(0);
  });

  it('a quiet caption’s next partial goes at once', () => {
    const { timers, translated, cadence } = setup();
    cadence.partial('c1', 'a');
    timers.advanceTo(700);
    cadence.partial('c1', 'a b');
    expect(translated).toEqual([
      { at: 0, text: 'a' },
      { at: 700, text: 'a b' },
    ]);
  });
});
