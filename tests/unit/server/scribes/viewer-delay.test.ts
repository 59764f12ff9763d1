/**
 * Accurate mode's hold on a viewer's captions (server/scribes/viewer-delay.ts), on a manual
 * clock: a line waits 5 s after its final (at most 10 s from its first words), the Scribe's
 * correction made meanwhile replaces it in place, order and seq are kept, typed lines and
 * everything that is not a caption pass, and fast mode releases everything at once.
 */
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../../src/shared/entities';
import type { ServerMessage } from '../../../../src/shared/protocol';
import { ViewerDelay } from '../../../../src/server/scribes/viewer-delay';
import { FakeTimers } from '../../../helpers/fake-timers';

function line(id: string, text: string, isFinal: boolean, typed = false): Transcript {
  return {
    id,
    isFinal,
    author: 'host',
    authorShow: 'Host',
    origin: typed ? 'human' : 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': text },
    ...(typed ? {} : { asr: { final: isFinal, timeReceivedMs: 0, engine: 'pocketsphinx' } }),
    usePaidASR: false,
    index: 0,
    timestampMs: 0,
    t0: 0,
    trackName: 't',
  };
}

const caption = (t: Transcript, seq: number): ServerMessage => ({ type: 'transcript', transcript: t, seq });

function setup(active = { value: true }) {
  const timers = new FakeTimers();
  const seen: { at: number; message: ServerMessage }[] = [];
  const delay = new ViewerDelay(
    () => active.value,
    (message) => seen.push({ at: timers.now(), message }),
    timers,
  );
  const texts = () =>
    seen.flatMap(({ at, message }) =>
      message.type === 'transcript'
        ? [`${at}:${message.transcript.id}:${message.transcript.texts['en-US']}`]
        : [],
    );
  return { timers, seen, delay, texts, active };
}

describe('ViewerDelay', () => {
  it('holds a final 5 s, and shows the Scribe’s correction made meanwhile instead of the recogniser’s words', () => {
    const { timers, delay, texts } = setup();
    delay.send(caption(line('a', 'the whether is nice', true), 1));
    timers.advanceTo(2000);
    delay.send(caption(line('a', 'the weather is nice', true), 2));
    timers.advanceTo(4999);
    expect(texts()).toEqual([]);
    timers.advanceTo(5000);
    expect(texts()).toEqual(['5000:a:the weather is nice']);
  });

  it('holds a line still being spoken at most 10 s from its first words', () => {
    const { timers, delay, texts } = setup();
    delay.send(caption(line('a', 'one', false), 0));
    timers.advanceTo(4000);
    delay.send(caption(line('a', 'one two', false), 0));
    timers.advanceTo(9000);
    delay.send(caption(line('a', 'one two three', true), 1));
    timers.advanceTo(9999);
    expect(texts()).toEqual([]);
    timers.advanceTo(10_000);
    expect(texts()).toEqual(['10000:a:one two three']);
  });

  it('keeps the room’s order (seq rises) and lets a line already shown change at once when nothing waits', () => {
    const { timers, delay, seen } = setup();
    delay.send(caption(line('a', 'first', true), 1));
    timers.advanceTo(1000);
    delay.send(caption(line('b', 'second', true), 2));
    timers.advanceTo(7000);
    delay.send(caption(line('a', 'first fixed', true), 3));
    expect(seen.map((s) => [s.at, (s.message as { seq: number }).seq])).toEqual([
      [5000, 1],
      [6000, 2],
      [7000, 3],
    ]);
  });

  it('lets typed lines through without a hold, behind what waits', () => {
    const { timers, delay, texts } = setup();
    delay.send(caption(line('t', 'typed by a person', true, true), 1));
    expect(texts()).toEqual(['0:t:typed by a person']);
    delay.send(caption(line('a', 'spoken', true), 2));
    delay.send(caption(line('u', 'typed after', true, true), 3));
    timers.advanceTo(5000);
    expect(texts()).toEqual(['0:t:typed by a person', '5000:a:spoken', '5000:u:typed after']);
  });

  it('never holds what is not a caption', () => {
    const { delay, seen } = setup();
    delay.send(caption(line('a', 'spoken', true), 1));
    delay.send({ type: 'PONG', serverTimeMs: 1, clientTimeMs: 1 });
    expect(seen.map((s) => s.message.type)).toEqual(['PONG']);
  });

  it('releases everything waiting, in order, once accurate mode stops', () => {
    const { timers, delay, texts, active } = setup();
    delay.send(caption(line('a', 'one', true), 1));
    delay.send(caption(line('b', 'two', true), 2));
    timers.advanceTo(1000);
    active.value = false;
    delay.send({ type: 'PONG', serverTimeMs: 1, clientTimeMs: 1 });
    expect(texts()).toEqual(['1000:a:one', '1000:b:two']);
    expect(delay.waiting).toBe(0);
  });

  it('holds nothing in fast mode', () => {
    const { delay, texts } = setup({ value: false });
    delay.send(caption(line('a', 'at once', false), 0));
    expect(texts()).toEqual(['0:a:at once']);
  });
});

describe('ViewerDelay with the editor', () => {
  it('keeps an editor’s acknowledgement behind the line it is about, and passes it when nothing waits', () => {
    const { timers, delay, seen } = setup();
    const ack = {
      type: 'transcript-edit-ack',
      transcriptId: 'a',
      mutationId: 'm1',
      version: 2,
    } as unknown as ServerMessage;
    delay.send(ack);
    expect(seen.map((s) => s.message.type)).toEqual(['transcript-edit-ack']);
    delay.send(caption(line('a', 'the whether', true), 1));
    delay.send(caption(line('a', 'the weather', true), 2));
    delay.send(ack);
    expect(seen).toHaveLength(1);
    timers.advanceTo(5000);
    expect(seen.slice(1).map((s) => s.message.type)).toEqual(['transcript', 'transcript-edit-ack']);
    expect((seen[1]!.message as { transcript: Transcript }).transcript.texts['en-US']).toBe('the weather');
  });
});

describe('ViewerDelay with catch-up lists', () => {
  /** A recognised line that started at `startedAt` and became final at `finalAt` (server clock). */
  const timed = (id: string, text: string, startedAt: number, finalAt?: number): Transcript => {
    const t = line(id, text, finalAt !== undefined);
    return {
      ...t,
      timestampMs: startedAt,
      asr: { final: finalAt !== undefined, timeReceivedMs: finalAt ?? startedAt, engine: 'pocketsphinx' },
    };
  };
  const listed = (seen: { message: ServerMessage }[], i: number) => {
    const m = seen[i]!.message;
    return m.type === 'transcripts' || m.type === 'transcripts-since-response'
      ? m.transcripts.map((t) => t.id)
      : [];
  };

  it('takes lines still in their hold out of a joiner’s snapshot and shows them when due, corrected', () => {
    const { timers, delay, seen, texts } = setup();
    timers.advanceTo(20_000);
    delay.send({
      type: 'transcripts',
      seq: 7,
      hasOlder: false,
      transcripts: [
        timed('old', 'long ago', 1_000, 3_000), // due at 8 000
        line('typed', 'typed by a person', true, true), // nothing to correct
        timed('recent', 'the whether', 16_000, 18_000), // due at 23 000
        timed('speaking', 'still', 19_000), // not final: due at the cap, 29 000
      ],
    });
    expect(seen.map((s) => s.message.type)).toEqual(['transcripts']);
    expect(listed(seen, 0)).toEqual(['old', 'typed']);
    // The Scribe fixes the held line meanwhile: the joiner sees only the fixed text.
    timers.advanceTo(21_000);
    delay.send(caption(timed('recent', 'the weather', 16_000, 18_000), 8));
    timers.advanceTo(22_999);
    expect(texts()).toEqual([]);
    timers.advanceTo(23_000);
    expect(texts()).toEqual(['23000:recent:the weather']);
    timers.advanceTo(29_000);
    expect(texts()).toEqual(['23000:recent:the weather', '29000:speaking:still']);
  });

  it('holds the lines of a reconnection’s catch-up the same way, and passes them all in fast mode', () => {
    const { timers, delay, seen, active } = setup();
    timers.advanceTo(10_000);
    const since: ServerMessage = {
      type: 'transcripts-since-response',
      afterSeq: 3,
      seq: 5,
      complete: true,
      transcripts: [timed('a', 'one', 1_000, 2_000), timed('b', 'two', 8_000, 9_000)],
    };
    delay.send(since);
    expect(listed(seen, 0)).toEqual(['a']);
    active.value = false;
    delay.send(since);
    // Fast mode: what waited goes first, in order, then the list as it is.
    expect(seen.slice(1).map((s) => s.message.type)).toEqual(['transcript', 'transcripts-since-response']);
    expect(listed(seen, 2)).toEqual(['a', 'b']);
  });
});
