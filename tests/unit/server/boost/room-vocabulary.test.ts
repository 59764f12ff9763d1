/**
 * The words said in a room, kept up to date line by line (issue 29 F-03): a line is read again
 * only when its text changed, and a word once said stays.
 */
import { describe, expect, it, vi } from 'vitest';
import { RoomVocabulary, vocabularyOf } from '../../../../src/server/boost/room-vocabulary';

const line = (id: string, text: string) => ({ id, texts: { 'en-US': text } });

describe('RoomVocabulary', () => {
  it('holds the words of every line, as boost entries compare them', () => {
    const vocabulary = new RoomVocabulary();
    const words = vocabulary.update([line('1', 'Meet Siobhan'), line('2', 'at Dún Laoghaire.')]);
    expect([...words].sort()).toEqual(['at', 'dún', 'laoghaire', 'meet', 'siobhan']);
  });

  it('reads only lines that are new or changed, and keeps words an edit took out', () => {
    const split = vi.fn((text: string) => text.split(' '));
    const vocabulary = new RoomVocabulary(split);
    const lines = Array.from({ length: 1200 }, (_, i) => line(String(i), `word${i} cluster`));
    vocabulary.update(lines);
    expect(split).toHaveBeenCalledTimes(1200);
    // Fifty adds in a row with nothing said meanwhile split nothing again.
    for (let i = 0; i < 50; i++) vocabulary.update(lines);
    expect(split).toHaveBeenCalledTimes(1200);
    // One line edited, one said: two lines read.
    const next = [...lines.slice(0, 1199), line('1199', 'kubernetes pods'), line('1200', 'helm')];
    const words = vocabulary.update(next);
    expect(split).toHaveBeenCalledTimes(1202);
    expect(words.has('word1199')).toBe(true);
    expect(['kubernetes', 'pods', 'helm'].every((w) => words.has(w))).toBe(true);
  });

  it('is kept per room', () => {
    const room = {};
    expect(vocabularyOf(room)).toBe(vocabularyOf(room));
    expect(vocabularyOf({})).not.toBe(vocabularyOf(room));
  });
});
