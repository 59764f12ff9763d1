/**
 * Offline captions on this computer: the offline-captions process, forked as a real Node child
 * process (the desktop app forks it as an Electron utility process with the same messages),
 * driven through the main process's supervisor, captions a recorded dev utterance with the
 * real PocketSphinx engine.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type OfflineChild, OfflineCaptions } from '../../src/main/offline-captions';
import type { FromOffline, ToOffline } from '../../src/native/offline/protocol';
import { OfflineService } from '../../src/native/offline/service';
import { createEngine } from '../../src/native/speech/engines';
import type { EngineSpec } from '../../src/native/speech/types';
import { int16ToLittleEndianBytes } from '../../src/shared/audio';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import type { Transcript } from '../../src/shared/entities';
import type { OfflineStatus } from '../../src/shared/ipc';
import { wordErrorRate } from '../../src/shared/wer';
import {
  CAPTION_TEST_FILE,
  POCKETSPHINX_MEASURED_DEV_WER,
  devReference,
  devSamples,
} from '../helpers/speech';

const VAD = resolve('resources/models/silero-vad/silero_vad.onnx');
const POCKETSPHINX: EngineSpec = { kind: 'pocketsphinx', modelsDir: resolve('models'), vadModel: VAD };
const MISSING_SHERPA: EngineSpec = {
  kind: 'sherpa-onnx',
  model: 'no-such-model',
  modelsDir: resolve('.tmp/no-models'),
  vadModel: VAD,
};

/** The speech with a second of silence after it, so the line ends on its own. */
function utterance(): Int16Array {
  const speech = devSamples(CAPTION_TEST_FILE);
  const out = new Int16Array(speech.length + 16_000);
  out.set(speech);
  return out;
}

function finalText(transcripts: readonly Transcript[]): string {
  const finals = new Map<string, Transcript>();
  for (const t of transcripts) if (t.isFinal) finals.set(t.id, t);
  return [...finals.values()]
    .sort((a, b) => a.index - b.index)
    .map((t) => Object.values(t.texts)[0] ?? '')
    .filter(Boolean)
    .join(' ');
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill();
});

/** Forks the offline process from its TypeScript source, as the app forks its built bundle. */
function forkOfflineProcess(): OfflineChild {
  const child = fork(resolve('src/native/offline/process.ts'), [], {
    execArgv: ['--import', 'tsx'],
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  return {
    postMessage: (m: ToOffline) => void child.send(m),
    onMessage: (listener) => void child.on('message', (m) => listener(m as FromOffline)),
    onExit: (listener) => void child.on('exit', (code) => listener(code)),
    kill: () => void child.kill(),
  };
}

describe('offline captions', () => {
  it('the service captions real speech with PocketSphinx, skipping an engine that cannot load', async () => {
    const sent: FromOffline[] = [];
    const service = new OfflineService((m) => sent.push(m), createEngine);
    await service.receive({
      op: 'start',
      lang: 'en-US',
      engines: [MISSING_SHERPA, POCKETSPHINX],
      author: 'me_1',
      authorShow: 'Ada',
    });
    expect(sent[0]).toEqual({ op: 'ready', engine: 'pocketsphinx:en-us' });
    const audio = utterance();
    for (let i = 0; i < audio.length; i += CHUNK_SAMPLES) {
      const bytes = int16ToLittleEndianBytes(audio.subarray(i, i + CHUNK_SAMPLES));
      await service.receive({ op: 'audio', samples: bytes.slice().buffer });
    }
    await service.receive({ op: 'stop' });
    service.dispose();
    const transcripts = sent.flatMap((m) => (m.op === 'transcript' ? [m.transcript] : []));
    expect(transcripts.some((t) => !t.isFinal)).toBe(true);
    expect(
      transcripts.every((t) => t.author === 'me_1' && t.authorShow === 'Ada' && t.speechLang === 'en-US'),
    ).toBe(true);
    const text = finalText(transcripts);
    expect(wordErrorRate(devReference(CAPTION_TEST_FILE), text), text).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    expect(sent.at(-1)).toEqual({ op: 'stopped' });
  });

  it('says why when no engine can load', async () => {
    const sent: FromOffline[] = [];
    const service = new OfflineService((m) => sent.push(m), createEngine);
    await service.receive({
      op: 'start',
      lang: 'en-US',
      engines: [MISSING_SHERPA],
      author: 'me',
      authorShow: '',
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.op).toBe('failed');
    expect((sent[0] as { message: string }).message).toMatch(
      /no speech engine could be loaded on this computer/,
    );
  });

  it('runs in its own process, driven by the main-process supervisor', async () => {
    const transcripts: Transcript[] = [];
    const statuses: OfflineStatus[] = [];
    const offline = new OfflineCaptions({
      fork: forkOfflineProcess,
      engines: () => [POCKETSPHINX],
      onTranscript: (t) => transcripts.push(t),
      onStatus: (s) => statuses.push(s),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
    });
    const started = await offline.start({ lang: 'en-US', author: 'me_2', authorShow: 'Grace' });
    expect(started).toEqual({ ok: true, engine: 'pocketsphinx:en-us' });
    const audio = utterance();
    for (let i = 0; i < audio.length; i += CHUNK_SAMPLES)
      offline.audio(int16ToLittleEndianBytes(audio.subarray(i, i + CHUNK_SAMPLES)));
    await offline.stop();
    const text = finalText(transcripts);
    expect(wordErrorRate(devReference(CAPTION_TEST_FILE), text), text).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
    expect(statuses.map((s) => s.state)).toEqual(['starting', 'ready', 'stopped']);

    // The process dying mid-session is reported, and the next start forks a new one.
    await offline.start({ lang: 'en-US' });
    children.at(-1)!.kill('SIGKILL');
    await expect
      .poll(() => statuses.at(-1))
      .toEqual({ state: 'failed', message: 'the speech process stopped (killed)' });
    expect(await offline.start({ lang: 'en-US' })).toEqual({ ok: true, engine: 'pocketsphinx:en-us' });
    expect(children).toHaveLength(2);
    offline.dispose();
  });
});
