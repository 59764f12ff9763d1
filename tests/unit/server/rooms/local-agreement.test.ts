import { describe, expect, it } from 'vitest';
import { LocalAgreement, tailAfter } from '../../../../src/server/rooms/local-agreement';

describe('tailAfter', () => {
  it('takes the rest of a hypothesis that starts with the firm words', () => {
    expect(tailAfter(['the', 'cat'], ['the', 'cat', 'sat']).tail).toEqual(['sat']);
    expect(tailAfter(['The', 'cat'], ['the', 'CAT', 'sat']).tail).toEqual(['sat']);
  });

  it('finds the prefix nearest the firm words when the hypothesis changed them', () => {
    const { tail, paired } = tailAfter(['the', 'cat', 'sat'], ['a', 'cat', 'sad', 'on', 'the', 'mat']);
    expect(tail).toEqual(['on', 'the', 'mat']);
    expect(paired).toEqual([0, 1, 2]);
  });

  it('gives no tail when the hypothesis is shorter than the firm words', () => {
    expect(tailAfter(['one', 'two', 'three'], ['one']).tail).toEqual([]);
    expect(tailAfter(['one', 'two'], []).tail).toEqual([]);
  });

  it('pairs a firm word the hypothesis dropped with nothing', () => {
    const { tail, paired } = tailAfter(['we', 'will', 'go', 'home'], ['we', 'go', 'home', 'now']);
    expect(tail).toEqual(['now']);
    expect(paired).toEqual([0, undefined, 1, 2]);
  });
});

describe('LocalAgreement', () => {
  it('makes a word firm once hypotheses have agreed on it for the agreement time', () => {
    const a = new LocalAgreement(300);
    expect(a.partial('the', 100)).toEqual({ words: ['the'], firm: 0 });
    expect(a.partial('the cat', 300)).toEqual({ words: ['the', 'cat'], firm: 0 });
    // "the" agreed since 100 ms: 400 ms later it is firm; "cat" since 300 is not yet.
    expect(a.partial('the cat sat', 400)).toEqual({ words: ['the', 'cat', 'sat'], firm: 1 });
    expect(a.partial('the cat sat on', 650)).toEqual({ words: ['the', 'cat', 'sat', 'on'], firm: 2 });
  });

  it('never takes a firm word back, whatever the recogniser says next', () => {
    const a = new LocalAgreement(0);
    a.partial('i scream', 100);
    expect(a.partial('i scream for', 200)).toEqual({ words: ['i', 'scream', 'for'], firm: 2 });
    // The recogniser changes its mind about the firm words: they stay, its new tail follows.
    expect(a.partial('ice cream for you', 300)).toEqual({ words: ['i', 'scream', 'for', 'you'], firm: 3 });
    const final = a.final('ice cream for you all');
    expect(final.words).toEqual(['i', 'scream', 'for', 'you', 'all']);
    expect(final.firm).toBe(5);
  });

  it('restarts the agreement of the words after one that changed', () => {
    const a = new LocalAgreement(200);
    a.partial('we will go', 0);
    // "go" became "going": it and everything after it start agreeing anew at 100.
    a.partial('we will going to', 100);
    expect(a.partial('we will going to the', 250)).toEqual({
      words: ['we', 'will', 'going', 'to', 'the'],
      firm: 2,
    });
    expect(a.partial('we will going to the shop', 300).firm).toBe(4);
  });

  it('keeps firm words even when a hypothesis is shorter', () => {
    const a = new LocalAgreement(0);
    a.partial('hello there', 100);
    a.partial('hello there friend', 200);
    expect(a.partial('hello', 300)).toEqual({ words: ['hello', 'there'], firm: 2 });
    expect(a.final('').words).toEqual(['hello', 'there']);
  });

  it('re-times the final words to the words shown', () => {
    const a = new LocalAgreement(0);
    a.partial('we will go', 100);
    a.partial('we will go home', 200);
    const final = a.final('we go home now', [
      { w: 'we', startMs: 0, endMs: 100 },
      { w: 'go', startMs: 100, endMs: 200 },
      { w: 'home', startMs: 200, endMs: 300 },
      { w: 'now', startMs: 300, endMs: 400 },
    ]);
    expect(final.words).toEqual(['we', 'will', 'go', 'home', 'now']);
    expect(final.timings).toEqual([
      { w: 'we', startMs: 0, endMs: 100 },
      { w: 'will', startMs: 100, endMs: 100 },
      { w: 'go', startMs: 100, endMs: 200 },
      { w: 'home', startMs: 200, endMs: 300 },
      { w: 'now', startMs: 300, endMs: 400 },
    ]);
  });

  it('keeps the final timings as they are when the final agrees with the firm words', () => {
    const a = new LocalAgreement(0);
    a.partial('good', 100);
    a.partial('good morning', 200);
    const timings = [
      { w: 'good', startMs: 10, endMs: 100 },
      { w: 'morning', startMs: 100, endMs: 200 },
    ];
    expect(a.final('good morning', timings).timings).toEqual(timings);
  });
});
