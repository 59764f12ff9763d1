/**
 * The words said in a room, for adding boost words "from this conversation" (only words said in
 * it may be added). Kept per room and brought up to date line by line: a line is read again only
 * when its text changed, so adding words costs what changed since the last time, not the whole
 * transcript (issue 29 F-03: rebuilding the vocabulary of a 1,200-line room on every add froze
 * the server). A word once said stays in it after an edit takes it out: it was said.
 */
import { transcriptVocabulary } from '../../shared/boost-words';
import type { Transcript } from '../../shared/entities';

export class RoomVocabulary {
  private readonly words = new Set<string>();
  /** Each line's text as last read, by line id. */
  private readonly read = new Map<string, string>();

  constructor(
    private readonly wordsOf: (text: string) => Iterable<string> = (text) => transcriptVocabulary([text]),
  ) {}

  /** The vocabulary with `lines` read: only the lines new or changed since the last call. */
  update(lines: readonly Pick<Transcript, 'id' | 'texts'>[]): ReadonlySet<string> {
    for (const line of lines) {
      const text = Object.values(line.texts).join('\n');
      if (this.read.get(line.id) === text) continue;
      this.read.set(line.id, text);
      for (const word of this.wordsOf(text)) this.words.add(word);
    }
    return this.words;
  }
}

const vocabularies = new WeakMap<object, RoomVocabulary>();

/** The vocabulary kept for `room` (made on first use, let go with the room). */
export function vocabularyOf(room: object): RoomVocabulary {
  let vocabulary = vocabularies.get(room);
  if (!vocabulary) {
    vocabulary = new RoomVocabulary();
    vocabularies.set(room, vocabulary);
  }
  return vocabulary;
}
