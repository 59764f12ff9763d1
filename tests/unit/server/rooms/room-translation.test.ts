/**
 * A live room's translation (rooms/room-translation.ts) with a fake store, engine and clock: the
 * original final is stored and shown before the engine is asked, its translation is stored after
 * it with the next seq and shown again; a failing engine loses nothing and says so; only the
 * languages people read are translated; auto-translate is said in the room status. Through a
 * LiveRoom, and the translation alone on a real core.
 */
import { describe, expect, it } from 'vitest';
import type { RoomRecord } from '../../../../src/server/rooms/repository';
import { LiveRoom, type TranscriptStore } from '../../../../src/server/rooms/room';
import { RoomTranslation } from '../../../../src/server/rooms/room-translation';
import { TranslationError, type TranslationEngine } from '../../../../src/server/translation/engine';
import type { Transcript } from '../../../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../../../src/shared/protocol';
import { FakeTimers } from '../../../helpers/fake-timers';
import { roomRecord } from '../../../helpers/room-record';
import { NO_TRANSCRIPTS, testCore, testMember, testServices } from '../../../helpers/live-room';

async function flush(): Promise<void> {
  for (let i = 0; i < 30; i++) await Promise.resolve();
}

class FakeStore implements TranscriptStore {
  readonly writes: { t: Transcript; seq: number }[] = [];
  /** While set, writes wait for it (a slow database). */
  held: Promise<void> | undefined;
  async saveFinal(_roomId: string, t: Transcript, seq: number): Promise<void> {
    await this.held;
    this.writes.push({ t, seq });
  }
  async reserveIndexes(_roomId: string, upTo: number): Promise<number> {
    return upTo;
  }
  async saveSpeaker(): Promise<void> {}
}

/** Answers only when the test says so, to see what happened before. */
class HeldEngine implements TranslationEngine {
  readonly id = 'held';
  readonly waiting: { text: string; to: string; resolve: (t: string) => void; reject: (e: Error) => void }[] =
    [];
  pairs() {
    return [
      { from: 'en', to: 'es' },
      { from: 'es', to: 'en' },
    ];
  }
  translate(text: string, _from: string, to: string): Promise<string> {
    return new Promise((resolve, reject) => this.waiting.push({ text, to, resolve, reject }));
  }
  async close(): Promise<void> {}
}

function setup() {
  const timers = new FakeTimers();
  const store = new FakeStore();
  const engine = new HeldEngine();
  const record: RoomRecord = roomRecord({ id: 'host1_room', hostAvaId: 'host1' });
  const room = new LiveRoom(
    record,
    NO_TRANSCRIPTS,
    testServices(timers, { updateRoom: async () => {}, log: () => {}, translationEngine: engine }),
    store,
  );
  const hostInbox: ServerMessage[] = [];
  const readerInbox: ServerMessage[] = [];
  const host = testMember('host1', hostInbox);
  const reader = testMember('reader', readerInbox, { readonly: true });
  room.join(host);
  room.join(reader);
  return { room, store, engine, host, reader, hostInbox, readerInbox };
}

const finals = (inbox: ServerMessage[]) =>
  inbox.filter((m): m is ServerMessageOf<'transcript'> => m.type === 'transcript' && m.transcript.isFinal);

describe('LiveRoom translation', () => {
  it('names in everyone’s status the languages captions are translated into, told when they change', () => {
    const t = setup();
    expect(t.room.status().translation).toEqual({ available: true, langs: [] });
    t.room.setReadingLanguage(t.reader, 'es');
    const update = t.hostInbox.at(-1);
    expect(update).toMatchObject({ type: 'room-status-update', reason: 'translation-changed' });
    expect(update?.type === 'room-status-update' && update.status.translation).toEqual({
      available: true,
      langs: ['es'],
    });
    // The same language again changes nothing: nobody is told.
    const told = t.hostInbox.length;
    t.room.setReadingLanguage(t.reader, 'es');
    expect(t.hostInbox).toHaveLength(told);
    t.room.setReadingLanguage(t.reader, 'en');
    expect(t.room.status().translation).toEqual({ available: true, langs: [] });
  });

  it('stores and shows the original first, then stores and shows its translation with the next seq', async () => {
    const t = setup();
    t.room.setReadingLanguage(t.reader, 'es');
    expect(t.readerInbox).toContainEqual({ type: 'reading-language', lang: 'es' });
    t.room.addTypedLine(t.host, 'good morning', 'en-US');
    await flush();
    // Stored and shown while the engine has not answered.
    expect(t.store.writes.map((w) => [w.seq, w.t.texts])).toEqual([[1, { 'en-US': 'good morning' }]]);
    expect(finals(t.readerInbox).map((m) => [m.seq, m.transcript.texts])).toEqual([
      [1, { 'en-US': 'good morning' }],
    ]);
    expect(t.engine.waiting.map((w) => [w.text, w.to])).toEqual([['good morning', 'es']]);

    t.engine.waiting[0]!.resolve('buenos días');
    await flush();
    expect(t.store.writes.map((w) => [w.seq, w.t.texts])).toEqual([
      [1, { 'en-US': 'good morning' }],
      [2, { 'en-US': 'good morning', es: 'buenos días' }],
    ]);
    expect(finals(t.readerInbox).at(-1)).toMatchObject({
      seq: 2,
      transcript: { texts: { 'en-US': 'good morning', es: 'buenos días' }, indexes: { 'en-US': 12, es: 12 } },
    });
    // A joiner gets the translated final.
    expect(t.room.snapshot().transcripts[0]!.texts.es).toBe('buenos días');
  });

  it('translates the latest lines for someone who starts reading, and translations add up', async () => {
    const t = setup();
    t.room.addTypedLine(t.host, 'good morning', 'en-US');
    await flush();
    expect(t.engine.waiting).toEqual([]);
    t.room.setReadingLanguage(t.reader, 'es');
    await flush();
    expect(t.engine.waiting.map((w) => [w.text, w.to])).toEqual([['good morning', 'es']]);
    t.engine.waiting[0]!.resolve('buenos días');
    await flush();
    expect(finals(t.readerInbox).at(-1)).toMatchObject({
      seq: 2,
      transcript: { texts: { 'en-US': 'good morning', es: 'buenos días' } },
    });
    expect(t.store.writes.at(-1)).toMatchObject({ seq: 2, t: { texts: { es: 'buenos días' } } });
  });

  it('keeps the original when the engine fails, and says the failure', async () => {
    const t = setup();
    t.room.setReadingLanguage(t.reader, 'es');
    t.room.addTypedLine(t.host, 'hello', 'en-US');
    await flush();
    t.engine.waiting[0]!.reject(
      new TranslationError('timeout', 'translation eng-spa took longer than 5000 ms'),
    );
    await flush();
    expect(t.store.writes.at(-1)!.t).toMatchObject({
      texts: { 'en-US': 'hello' },
      translationErrors: { es: 'translation eng-spa took longer than 5000 ms' },
    });
    expect(finals(t.readerInbox).at(-1)!.transcript.translationErrors).toEqual({
      es: 'translation eng-spa took longer than 5000 ms',
    });
  });

  it('asks nothing of the engine when nobody reads another language, and refuses a language without a pair', async () => {
    const t = setup();
    t.room.setReadingLanguage(t.reader, 'en');
    t.room.addTypedLine(t.host, 'hello', 'en-US');
    await flush();
    expect(t.engine.waiting).toEqual([]);
    expect(() => t.room.setReadingLanguage(t.reader, 'de')).toThrow(
      'no installed language pair translates into de',
    );
  });

  it('says auto-translate in the room status, the guest language checked, the toggle switching turns', () => {
    const t = setup();
    expect(() => t.room.toggleAutoTranslate()).toThrow(/guest's language first/);
    t.room.setAutoTranslateGuestLanguage('es');
    expect(t.room.status().autoTranslation).toEqual({
      hostLanguage: 'en-US',
      guestLanguage: 'es',
      active: 'host',
    });
    t.room.toggleAutoTranslate();
    expect(t.room.status().autoTranslation?.active).toBe('guest');
    const update = t.readerInbox.at(-1) as ServerMessageOf<'room-status-update'>;
    expect(update).toMatchObject({
      reason: 'auto-translate-changed',
      status: { autoTranslation: { active: 'guest' } },
    });
    expect(() => t.room.setAutoTranslateGuestLanguage('ca')).toThrow(/between en and ca both ways/);
  });
});

describe('the translation alone', () => {
  it('needs no engine for someone who reads the language spoken, and refuses another without one', () => {
    const t = testCore();
    const translation = new RoomTranslation(t.core, undefined);
    const reader = t.member('reader');
    translation.setReadingLanguage(reader, 'en-GB');
    expect(t.inbox('reader')).toEqual([{ type: 'reading-language', lang: 'en' }]);
    expect(() => translation.setReadingLanguage(reader, 'es')).toThrow(
      expect.objectContaining({
        code: 'translation-unavailable',
        message: 'translation is not available on this server',
      }),
    );
  });

  it('passes partials and finals through while nobody reads another language', () => {
    const engine = new HeldEngine();
    const translation = new RoomTranslation(testCore().core, engine);
    const line = {
      id: 'a',
      isFinal: false,
      author: 'host1',
      authorShow: 'Ada',
      origin: 'asr' as const,
      speechLang: 'en-US',
      texts: { 'en-US': 'good morning' },
      usePaidASR: false,
      index: 0,
      timestampMs: 0,
      t0: 0,
      trackName: 't',
    };
    expect(translation.partial(line)).toEqual(line);
    expect(translation.withPendingTranslations({ ...line, isFinal: true })).toEqual({
      ...line,
      isFinal: true,
    });
    translation.translateFinal({ ...line, isFinal: true });
    expect(engine.waiting).toEqual([]);
  });

  it('refuses the other person’s turn before the guest’s language is chosen', () => {
    const translation = new RoomTranslation(testCore().core, new HeldEngine());
    expect(() => translation.toggleAutoTranslate()).toThrow(
      expect.objectContaining({ code: 'invalid-message' }),
    );
  });
});

describe('readers of one language share its translations (issue 29 F-02)', () => {
  const READERS = 8;
  const LINES = 5;

  /** A room with LINES typed lines stored, and READERS more read-only members. */
  async function roomWithLines() {
    const t = setup();
    for (let i = 0; i < LINES; i++) t.room.addTypedLine(t.host, `line ${i}`, 'en-US');
    await flush();
    const inboxes = Array.from({ length: READERS }, () => [] as ServerMessage[]);
    const readers = inboxes.map((inbox, i) => testMember(`reader${i}`, inbox, { readonly: true }));
    for (const r of readers) t.room.join(r);
    return { ...t, readers, inboxes };
  }

  /** Answers every question asked so far, and those asked meanwhile, until none is left. */
  async function answerAll(engine: HeldEngine): Promise<number> {
    let answered = 0;
    for (let ask = engine.waiting.shift(); ask; ask = engine.waiting.shift()) {
      ask.resolve(`${ask.to}:${ask.text}`);
      answered += 1;
      await flush();
    }
    return answered;
  }

  it('a typed line is translated once per language, however many read it', async () => {
    const t = await roomWithLines();
    for (const r of t.readers) t.room.setReadingLanguage(r, 'es');
    await answerAll(t.engine);
    t.room.addTypedLine(t.host, 'good morning', 'en-US');
    await flush();
    expect(t.engine.waiting.map((w) => [w.text, w.to])).toEqual([['good morning', 'es']]);
    await answerAll(t.engine);
    for (const inbox of t.inboxes)
      expect(finals(inbox).at(-1)!.transcript.texts).toEqual({
        'en-US': 'good morning',
        es: 'es:good morning',
      });
  });

  it('readers starting together: the earlier lines are translated, stored and shown once, not once per reader', async () => {
    const t = await roomWithLines();
    const writesBefore = t.store.writes.length;
    for (const r of t.readers) t.room.setReadingLanguage(r, 'es');
    await flush();
    expect(await answerAll(t.engine)).toBe(LINES);
    expect(t.store.writes.length - writesBefore).toBe(LINES);
    // Every reader sees each earlier line in Spanish.
    for (const inbox of t.inboxes) {
      const spanish = new Set(finals(inbox).map((m) => m.transcript.texts.es));
      for (let i = 0; i < LINES; i++) expect(spanish).toContain(`es:line ${i}`);
    }
  });

  it('a reader coming while the translations are under way or wait to be stored asks nothing again', async () => {
    const t = await roomWithLines();
    let storeNow = () => {};
    t.store.held = new Promise((resolve) => (storeNow = resolve));
    t.room.setReadingLanguage(t.readers[0]!, 'es');
    await flush();
    // Line 0 translated and queued, the database slow to take it; the others still to come.
    t.engine.waiting.shift()!.resolve('es:line 0');
    await flush();
    expect(t.store.writes.filter((w) => w.t.texts.es !== undefined)).toHaveLength(0);
    t.room.setReadingLanguage(t.readers[1]!, 'es');
    await flush();
    expect(t.engine.waiting.map((w) => w.text)).toEqual(['line 1']);
    storeNow();
    t.store.held = undefined;
    await flush();
    expect(await answerAll(t.engine)).toBe(LINES - 1);
    expect(t.store.writes.filter((w) => w.t.texts.es !== undefined)).toHaveLength(LINES);
  });
});
