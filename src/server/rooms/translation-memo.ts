/**
 * The translations a room asked for lately, by language pair and text: the same text into the
 * same language is asked of the engine once, and every caller waiting for it (the final of a
 * line whose last partial was just translated, a typed line repeated from many sockets, readers
 * of one language starting at once) shares that answer. The engine is shared by every room of
 * the server: a flood of repeated lines in one room must not queue the others' captions behind
 * it (issue 29 F-02).
 *
 * Bounded: the oldest answer goes once MEMO_ENTRIES are kept. A failure is not kept, so the
 * next caller asks again.
 */
import type { TranslationEngine } from '../translation';

/** Enough for the lines on screen and the latest backfill (TRANSLATION_BACKFILL_LINES) in a few languages. */
export const MEMO_ENTRIES = 512;

export class TranslationMemo {
  /** In insertion order (a Map keeps it): the first is the oldest. */
  private readonly answers = new Map<string, Promise<string>>();

  constructor(
    private readonly engine: Pick<TranslationEngine, 'translate'>,
    private readonly capacity = MEMO_ENTRIES,
  ) {}

  translate(text: string, from: string, to: string): Promise<string> {
    const key = `${from}>${to}\n${text}`;
    const known = this.answers.get(key);
    if (known) {
      // Used again: it becomes the newest.
      this.answers.delete(key);
      this.answers.set(key, known);
      return known;
    }
    const answer = this.engine.translate(text, from, to);
    this.answers.set(key, answer);
    answer.catch(() => {
      if (this.answers.get(key) === answer) this.answers.delete(key);
    });
    if (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!);
    return answer;
  }

  /** Answers kept now (for tests). */
  get size(): number {
    return this.answers.size;
  }
}
