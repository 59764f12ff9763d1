import { describe, expect, it } from 'vitest';
import { readableCaption } from '../../../src/shared/caption-case';

describe('readableCaption', () => {
  it('starts a lowercase final with a capital and ends it with a full stop', () => {
    expect(readableCaption('the meeting starts at three', 'en-US', true)).toBe(
      'The meeting starts at three.',
    );
  });

  it('gives a partial only its capital: it is still growing', () => {
    expect(readableCaption('the meeting starts', 'en-US', false)).toBe('The meeting starts');
  });

  it('turns capitals-only output into a sentence', () => {
    expect(readableCaption('WHAT TIME IS IT', 'en-US', true)).toBe('What time is it?');
  });

  it('writes the English pronoun I as a capital, contractions included', () => {
    expect(readableCaption("i think i'm late and i'll call you", 'en', true)).toBe(
      "I think I'm late and I'll call you.",
    );
    expect(readableCaption('it is in italy', 'en', true)).toBe('It is in italy.');
  });

  it('asks a question when an English line starts like one', () => {
    expect(readableCaption("don't you want to come", 'en-GB', true)).toBe("Don't you want to come?");
    expect(readableCaption('is it raining', 'en-US', true)).toBe('Is it raining?');
    expect(readableCaption('it is raining', 'en-US', true)).toBe('It is raining.');
  });

  it('leaves a line that already has both cases as the engine wrote it', () => {
    expect(readableCaption('Hello there, Ada', 'en-US', true)).toBe('Hello there, Ada');
  });

  it('keeps an end mark that is there and folds whitespace', () => {
    expect(readableCaption('  ok   then!  ', 'en-US', true)).toBe('Ok then!');
    expect(readableCaption('', 'en-US', true)).toBe('');
  });

  it('follows French typography for questions, and each language’s own capitals', () => {
    expect(readableCaption('évidemment que oui', 'fr-FR', true)).toBe('Évidemment que oui.');
    expect(readableCaption('est-ce que tu viens', 'fr-FR', true)).toBe('Est-ce que tu viens\u202f?');
    expect(readableCaption('pourquoi pas', 'fr', true)).toBe('Pourquoi pas\u202f?');
    expect(readableCaption('istanbul', 'tr', true)).toBe('İstanbul.');
  });
});
