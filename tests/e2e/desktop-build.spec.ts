/**
 * The desktop app's built bundles (npm run build:desktop), checked without Electron: every
 * module they load is one the package contains (forge packages .vite plus the native speech
 * addons only), the preload loads nothing a sandboxed preload cannot, and the offline-captions
 * process as built captions a dev recording with the real PocketSphinx engine.
 */
import { expect, test } from '@playwright/test';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { resolve } from 'node:path';
import { RUNTIME_PACKAGES } from '../../src/main/packaging';
import type { FromOffline, ToOffline } from '../../src/native/offline/protocol';
import { int16ToLittleEndianBytes } from '../../src/shared/audio';
import { CHUNK_SAMPLES } from '../../src/shared/constants';
import { wordErrorRate } from '../../src/shared/wer';
import {
  CAPTION_TEST_FILE,
  POCKETSPHINX_MEASURED_DEV_WER,
  devReference,
  devSamples,
} from '../helpers/speech';

const BUILD = '.vite/build';
const NODE = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** Modules a bundle requires (code strings of ajv's standalone generator excluded). */
function requiredModules(file: string): string[] {
  const code = readFileSync(resolve(BUILD, file), 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(.)require\("([^"]+)"\)/g)) if (m[1] !== '`') found.add(m[2]!);
  return [...found].sort();
}

test('the bundles load only Electron, Node and the packaged native addons', () => {
  for (const file of ['main.cjs', 'offline-captions.cjs']) {
    const foreign = requiredModules(file).filter(
      (m) => m !== 'electron' && !NODE.has(m) && !(RUNTIME_PACKAGES as readonly string[]).includes(m),
    );
    expect(foreign, `${file} requires modules the package would not contain`).toEqual([]);
  }
  // A sandboxed preload can require only Electron's renderer modules: everything else is bundled.
  expect(requiredModules('preload.cjs')).toEqual(['electron']);
});

test('the built offline-captions process captions a recording on this computer', async () => {
  const child = fork(resolve(BUILD, 'offline-captions.cjs'), [], {
    serialization: 'advanced',
    stdio: 'inherit',
  });
  const messages: FromOffline[] = [];
  const next = (op: FromOffline['op']) =>
    new Promise<FromOffline>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`no ${op} from the offline process`)), 60_000);
      const check = (m: FromOffline) => {
        if (m.op === op || m.op === 'failed') {
          clearTimeout(timer);
          child.off('message', check);
          done(m);
        }
      };
      child.on('message', check);
    });
  child.on('message', (m) => messages.push(m as FromOffline));
  const send = (m: ToOffline) => child.send(m);
  try {
    send({
      op: 'start',
      lang: 'en-US',
      engines: [
        {
          kind: 'pocketsphinx',
          modelsDir: resolve('models'),
          vadModel: resolve('resources/models/silero-vad/silero_vad.onnx'),
        },
      ],
      author: 'me',
      authorShow: 'Me',
    });
    expect(await next('ready')).toEqual({ op: 'ready', engine: 'pocketsphinx:en-us' });
    const speech = devSamples(CAPTION_TEST_FILE);
    const audio = new Int16Array(speech.length + 16_000);
    audio.set(speech);
    for (let i = 0; i < audio.length; i += CHUNK_SAMPLES)
      send({
        op: 'audio',
        samples: int16ToLittleEndianBytes(audio.subarray(i, i + CHUNK_SAMPLES)).slice().buffer,
      });
    send({ op: 'stop' });
    await next('stopped');
    const finals = new Map<string, string>();
    for (const m of messages)
      if (m.op === 'transcript' && m.transcript.isFinal)
        finals.set(m.transcript.id, m.transcript.texts['en-US'] ?? '');
    const text = [...finals.values()].filter(Boolean).join(' ');
    expect(wordErrorRate(devReference(CAPTION_TEST_FILE), text), text).toBeLessThanOrEqual(
      POCKETSPHINX_MEASURED_DEV_WER,
    );
  } finally {
    child.kill();
  }
});
