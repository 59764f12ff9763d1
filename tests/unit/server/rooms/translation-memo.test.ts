import { describe, expect, it } from 'vitest';
import { TranslationMemo } from '../../../../src/server/rooms/translation-memo';

/** Counts what it is asked; fails a text that starts with `fail`. */
function countingEngine() {
  const asked: string[] = [];
  return {
    asked,
    async translate(text: string, _from: string, to: string): Promise<string> {
      asked.push(`${to}:${text}`);
      if (text.startsWith('fail')) throw new Error('engine failed');
      return `${to}:${text}`;
    },
  };
}

describe('TranslationMemo', () => {
  it('asks the engine once per text and language, and every caller gets that answer', async () => {
    const engine = countingEngine();
    const memo = new TranslationMemo(engine);
    const answers = await Promise.all([
      memo.translate('hello', 'en', 'es'),
      memo.translate('hello', 'en', 'es'),
      memo.translate('hello', 'en', 'ca'),
    ]);
    expect(await memo.translate('hello', 'en', 'es')).toBe('es:hello');
    expect(answers).toEqual(['es:hello', 'es:hello', 'ca:hello']);
    expect(engine.asked).toEqual(['es:hello', 'ca:hello']);
  });

  it('keeps no failure: the next caller asks again', async () => {
    const engine = countingEngine();
    const memo = new TranslationMemo(engine);
    await expect(memo.translate('fail once', 'en', 'es')).rejects.toThrow('engine failed');
    await expect(memo.translate('fail once', 'en', 'es')).rejects.toThrow('engine failed');
    expect(engine.asked).toEqual(['es:fail once', 'es:fail once']);
    expect(memo.size).toBe(0);
  });

  it('keeps at most its capacity, the least recently used going first', async () => {
    const engine = countingEngine();
    const memo = new TranslationMemo(engine, 2);
    await memo.translate('a', 'en', 'es');
    await memo.translate('b', 'en', 'es');
    await memo.translate('a', 'en', 'es');
    await memo.translate('c', 'en', 'es');
    expect(memo.size).toBe(2);
    await memo.translate('a', 'en', 'es');
    await memo.translate('b', 'en', 'es');
    expect(engine.asked).toEqual(['es:a', 'es:b', 'es:c', 'es:b']);
  });
});
