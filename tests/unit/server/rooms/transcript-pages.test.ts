/**
 * The pages of finals (rooms/transcript-pages.ts): `since` in the order stored, a final stored
 * again counted once at its new place, pages bounded by count and by text; `before` in index
 * order; and an answer's cost following its size, not the room's (counted in entries visited).
 * The finals in caption order: a line stored again replaced in its place, or moved if its place
 * changed.
 */
import { describe, expect, it } from 'vitest';
import {
  CaptionOrder,
  StoreOrder,
  groupStart,
  pageBefore,
  textLength,
} from '../../../../src/server/rooms/transcript-pages';
import type { StoredFinal } from '../../../../src/server/transcripts/repository';
import type { Transcript } from '../../../../src/shared/entities';

function final(id: string, index: number, seq: number, text = `line ${id}`): StoredFinal {
  const transcript = {
    id,
    index,
    isFinal: true,
    speechLang: 'en-US',
    texts: { 'en-US': text },
  } as unknown as Transcript;
  return { transcript, seq };
}

const ids = (finals: readonly StoredFinal[]) => finals.map((f) => f.transcript.id);

describe('StoreOrder.since', () => {
  it('gives the finals stored after a seq, oldest first, a line stored again only at its new place', () => {
    const order = new StoreOrder([final('b', 1, 2), final('a', 0, 1), final('c', 2, 3)]);
    order.add(final('a', 0, 4));
    expect(ids(order.since(0).finals)).toEqual(['b', 'c', 'a']);
    expect(ids(order.since(2).finals)).toEqual(['c', 'a']);
    expect(order.since(4)).toEqual({ finals: [], complete: true });
    expect(order.size).toBe(3);
  });

  it('pages by count and by text, always moving on, and says when more remain', () => {
    const order = new StoreOrder(
      Array.from({ length: 10 }, (_, i) => final(`l${i}`, i, i + 1, 'x'.repeat(40))),
    );
    const first = order.since(0, 4);
    expect(ids(first.finals)).toEqual(['l0', 'l1', 'l2', 'l3']);
    expect(first.complete).toBe(false);
    expect(order.since(7, 4)).toMatchObject({ complete: true });
    // 100 characters: two lines of 40 fit, the third would not.
    expect(ids(order.since(0, 200, 100).finals)).toEqual(['l0', 'l1']);
    // A line longer than the whole budget still comes, alone.
    const long = new StoreOrder([final('huge', 0, 1, 'y'.repeat(500)), final('next', 1, 2)]);
    expect(long.since(0, 200, 100)).toEqual({ finals: [long.since(0).finals[0]], complete: false });
  });

  it('keeps its log small when one line is stored again and again', () => {
    const order = new StoreOrder();
    for (let seq = 1; seq <= 5_000; seq++) order.add(final('same', 0, seq));
    order.add(final('other', 1, 5_001));
    expect(ids(order.since(0).finals)).toEqual(['same', 'other']);
    expect((order as unknown as { log: unknown[] }).log.length).toBeLessThan(600);
  });

  it('costs what it returns: a page near the end of a long room visits only that page', () => {
    const order = new StoreOrder(Array.from({ length: 100_000 }, (_, i) => final(`l${i}`, i, i + 1)));
    const log = (order as unknown as { log: StoredFinal[] }).log;
    let visited = 0;
    const counting = new Proxy(log, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) visited += 1;
        return Reflect.get(target, key, receiver);
      },
    });
    (order as unknown as { log: StoredFinal[] }).log = counting;
    expect(ids(order.since(99_995).finals)).toEqual(['l99995', 'l99996', 'l99997', 'l99998', 'l99999']);
    // A binary search (about 17 steps) and the 5 returned.
    expect(visited).toBeLessThan(40);
  });
});

describe('pageBefore', () => {
  const finals = Array.from({ length: 50 }, (_, i) => final(`l${i}`, i * 2, i + 1));

  it('gives up to `limit` finals before an index, in index order, and whether older remain', () => {
    expect(ids(pageBefore(finals, 10, 3).finals)).toEqual(['l2', 'l3', 'l4']);
    expect(pageBefore(finals, 10, 3).hasOlder).toBe(true);
    expect(ids(pageBefore(finals, 9, 3).finals)).toEqual(['l2', 'l3', 'l4']);
    expect(pageBefore(finals, 4, 10)).toEqual({ finals: finals.slice(0, 2), hasOlder: false });
    expect(pageBefore(finals, 0, 10)).toEqual({ finals: [], hasOlder: false });
    expect(ids(pageBefore(finals, 1_000, 2).finals)).toEqual(['l48', 'l49']);
  });

  it('never cuts a group of lines sharing an index (captioned late): the page holds all of it', () => {
    // l1, l2 and l3 share index 5 (two late lines before the line said after them).
    const grouped = [
      final('l0', 1, 1),
      final('l1', 5, 2),
      final('l2', 5, 3),
      final('l3', 5, 4),
      final('l4', 6, 5),
    ];
    expect(ids(pageBefore(grouped, 6, 2).finals)).toEqual(['l1', 'l2', 'l3']);
    expect(pageBefore(grouped, 6, 2).hasOlder).toBe(true);
    // The next page, asked before the oldest index held (5), has the rest.
    expect(ids(pageBefore(grouped, 5, 2).finals)).toEqual(['l0']);
    expect(groupStart(grouped, 3, 5)).toBe(1);
    expect(groupStart(grouped, 4, 5)).toBe(4);
  });

  it('bounds a page by its text too', () => {
    const long = Array.from({ length: 5 }, (_, i) => final(`l${i}`, i, i + 1, 'z'.repeat(60)));
    expect(ids(pageBefore(long, 5, 200, 130).finals)).toEqual(['l3', 'l4']);
    expect(pageBefore(long, 5, 200, 130).hasOlder).toBe(true);
  });

  it('counts every language of a final as its text', () => {
    const t = final('a', 0, 1, 'hello').transcript;
    expect(textLength({ ...t, texts: { 'en-US': 'hello', 'es-ES': 'hola' } } as Transcript)).toBe(9);
  });
});

describe('CaptionOrder', () => {
  it('keeps finals in caption order, a line stored again replaced where it is, found by id', () => {
    const order = new CaptionOrder([final('c', 2, 3), final('a', 0, 1), final('b', 1, 2)]);
    expect(ids(order.all)).toEqual(['a', 'b', 'c']);
    const corrected = final('b', 1, 4, 'line b, corrected');
    order.put(corrected);
    expect(ids(order.all)).toEqual(['a', 'b', 'c']);
    expect(order.all[1]).toBe(corrected);
    expect(order.get('b')).toBe(corrected);
    order.put(final('d', 1, 5));
    expect(ids(order.all)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('moves a line whose place changed', () => {
    const order = new CaptionOrder([final('a', 0, 1), final('b', 1, 2), final('c', 2, 3)]);
    order.put(final('a', 5, 4));
    expect(ids(order.all)).toEqual(['b', 'c', 'a']);
    expect(order.get('a')?.transcript.index).toBe(5);
  });
});
