import { describe, expect, it, vi } from 'vitest';
import { type OfflineChild, OfflineCaptions } from '../../../src/main/offline-captions';
import { OfflineCaptioner } from '../../../src/native/offline/captioner';
import type { FromOffline, ToOffline } from '../../../src/native/offline/protocol';
import type { RecognizerEvent, SpeechEngine } from '../../../src/native/speech/types';

/** An engine that replays scripted results, one list per accept call. */
function scriptedEngine(script: RecognizerEvent[][], onFlush: RecognizerEvent[] = []): SpeechEngine {
  return {
    id: 'fake:1',
    kind: 'pocketsphinx',
    langs: ['en-US'],
    open: () => ({ accept: () => script.shift() ?? [], flush: () => onFlush, close: () => {} }),
    dispose: () => {},
  };
}
const ev = (kind: 'partial' | 'final', segment: number, text: string): RecognizerEvent => ({
  kind,
  segment,
  text,
  startMs: segment * 1000,
  endMs: segment * 1000 + 500,
});

describe('OfflineCaptioner', () => {
  it('shares one id between the partials and the final of a line, and numbers lines in order', () => {
    let now = 1000;
    const c = new OfflineCaptioner(
      scriptedEngine([
        [ev('partial', 0, 'hello')],
        [ev('final', 0, 'hello world')],
        [ev('partial', 1, 'again')],
      ]),
      {
        lang: 'en-US',
        author: 'me',
        authorShow: 'Ada',
        sessionId: 'offline-1',
        now: () => now,
      },
    );
    const a = c.accept(new Int16Array(960));
    now += 300;
    const b = c.accept(new Int16Array(960));
    now += 300;
    const d = c.accept(new Int16Array(960));
    expect(a[0]).toMatchObject({ id: 'offline-1.0', isFinal: false, index: 0, texts: { 'en-US': 'Hello' } });
    expect(b[0]).toMatchObject({
      id: 'offline-1.0',
      isFinal: true,
      index: 0,
      texts: { 'en-US': 'Hello world.' },
      timestampMs: 1000,
    });
    expect(d[0]).toMatchObject({ id: 'offline-1.1', index: 1, t0: 1000 });
  });

  it('sends partials of a line at most every 200 ms, and always the final', () => {
    let now = 0;
    const script = [
      [ev('partial', 0, 'a')],
      [ev('partial', 0, 'a b')],
      [ev('partial', 0, 'a b c')],
      [ev('final', 0, 'a b c d')],
    ];
    const c = new OfflineCaptioner(scriptedEngine(script), {
      lang: 'en-US',
      author: 'x',
      authorShow: '',
      sessionId: 's',
      now: () => now,
    });
    const sent = [0, 100, 250, 260].flatMap((t) => {
      now = t;
      return c.accept(new Int16Array(960));
    });
    expect(sent.map((t) => [t.isFinal, Object.values(t.texts)[0]])).toEqual([
      [false, 'A'],
      [false, 'A b c'],
      [true, 'A b c d.'],
    ]);
  });

  it('drops a final without words for a line that never showed, and ends the open line on finish', () => {
    const c = new OfflineCaptioner(
      scriptedEngine([[ev('final', 0, '')], [ev('partial', 1, 'still')]], [ev('final', 1, 'still talking')]),
      {
        lang: 'en-US',
        author: 'x',
        authorShow: '',
        sessionId: 's',
        now: () => 0,
      },
    );
    expect(c.accept(new Int16Array(960))).toEqual([]);
    c.accept(new Int16Array(960));
    expect(c.finish().map((t) => [t.id, t.isFinal, t.index])).toEqual([['s.1', true, 0]]);
  });
});

describe('OfflineCaptions (main side)', () => {
  function fakeChild() {
    const posted: ToOffline[] = [];
    let onMessage: (m: FromOffline) => void = () => {};
    let onExit: (c: number | null) => void = () => {};
    const child: OfflineChild = {
      postMessage: (m) => void posted.push(m),
      onMessage: (l) => void (onMessage = l),
      onExit: (l) => void (onExit = l),
      kill: vi.fn(),
    };
    return { child, posted, reply: (m: FromOffline) => onMessage(m), exit: (c: number | null) => onExit(c) };
  }
  const timers = () => {
    const pending: { fn: () => void; ms: number }[] = [];
    return {
      pending,
      setTimeout: (fn: () => void, ms: number) => pending.push({ fn, ms }),
      clearTimeout: vi.fn(),
    };
  };

  it('forks once, sends the engines and identity, and passes audio only while a session runs', async () => {
    const f = fakeChild();
    const fork = vi.fn(() => f.child);
    const t = timers();
    const offline = new OfflineCaptions({
      fork,
      engines: () => [],
      onTranscript: vi.fn(),
      onStatus: vi.fn(),
      setTimeout: t.setTimeout,
      clearTimeout: t.clearTimeout,
    });
    offline.audio(new Uint8Array(4));
    const started = offline.start({ lang: 'fr-FR', author: 'a1', authorShow: 'Ada' });
    expect(f.posted[0]).toEqual({ op: 'start', lang: 'fr-FR', engines: [], author: 'a1', authorShow: 'Ada' });
    f.reply({ op: 'ready', engine: 'pocketsphinx:en-us' });
    expect(await started).toEqual({ ok: true, engine: 'pocketsphinx:en-us' });
    offline.audio(Uint8Array.from([1, 0, 2, 0]));
    expect(f.posted[1]).toMatchObject({ op: 'audio' });
    expect(new Int16Array((f.posted[1] as { samples: ArrayBuffer }).samples)).toEqual(
      Int16Array.from([1, 2]),
    );
    expect(fork).toHaveBeenCalledTimes(1);
  });

  it('gives up on a process that does not start in time, and kills it', async () => {
    const f = fakeChild();
    const t = timers();
    const offline = new OfflineCaptions({
      fork: () => f.child,
      engines: () => [],
      onTranscript: vi.fn(),
      onStatus: vi.fn(),
      setTimeout: t.setTimeout,
      clearTimeout: t.clearTimeout,
      startTimeoutMs: 10,
    });
    const started = offline.start({ lang: 'en-US' });
    t.pending[0]!.fn();
    expect(await started).toEqual({ ok: false, message: 'the speech engine did not start in time' });
    expect(f.child.kill).toHaveBeenCalled();
  });

  it('reports an engine failure to the caller and the windows', async () => {
    const f = fakeChild();
    const status = vi.fn();
    const offline = new OfflineCaptions({
      fork: () => f.child,
      engines: () => [],
      onTranscript: vi.fn(),
      onStatus: status,
      ...timers(),
    });
    const started = offline.start({ lang: 'en-US' });
    f.reply({ op: 'failed', message: 'no speech engine could be loaded on this computer: x' });
    expect(await started).toEqual({
      ok: false,
      message: 'no speech engine could be loaded on this computer: x',
    });
    expect(status).toHaveBeenLastCalledWith({
      state: 'failed',
      message: 'no speech engine could be loaded on this computer: x',
    });
    expect(offline.isRunning).toBe(false);
  });
});
