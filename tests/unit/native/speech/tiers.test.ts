import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SHERPA_MODEL } from '../../../../src/native/speech/models/registry';
import { parseEngineSpec, resolveTiers, tierChoices } from '../../../../src/native/speech/tiers';

const VAD = '/vad/silero_vad.onnx';

// Registry models: one meant for the basic tier, two for premium.
const BASIC = 'sherpa-onnx-streaming-zipformer-en-20M-2023-02-17';
const PREMIUM = 'sherpa-onnx-streaming-zipformer-en-2023-06-26';
const PREMIUM_2 = 'sherpa-onnx-streaming-zipformer-en-2023-02-21';

/** File names each model's folder must hold (the int8 variants of the official archives). */
const FILES: Record<string, string[]> = {
  [BASIC]: [
    'encoder-epoch-99-avg-1.int8.onnx',
    'decoder-epoch-99-avg-1.onnx',
    'joiner-epoch-99-avg-1.int8.onnx',
    'tokens.txt',
  ],
  [PREMIUM]: [
    'encoder-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
    'decoder-epoch-99-avg-1-chunk-16-left-128.onnx',
    'joiner-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
    'tokens.txt',
  ],
  [PREMIUM_2]: [
    'encoder-epoch-99-avg-1.int8.onnx',
    'decoder-epoch-99-avg-1.onnx',
    'joiner-epoch-99-avg-1.int8.onnx',
    'tokens.txt',
  ],
};

let modelsDir: string;

beforeEach(() => {
  modelsDir = mkdtempSync(join(tmpdir(), 'hearken-tiers-'));
});

afterEach(() => {
  rmSync(modelsDir, { recursive: true, force: true });
});

function install(name: string, files: string[] = FILES[name]!): void {
  mkdirSync(join(modelsDir, name), { recursive: true });
  for (const file of files) writeFileSync(join(modelsDir, name, file), 'fake');
}

const sherpa = (model: string) => ({ kind: 'sherpa-onnx', model, modelsDir, vadModel: VAD });
const pocketsphinx = () => ({ kind: 'pocketsphinx', modelsDir, vadModel: VAD });

describe('parseEngineSpec', () => {
  it.each([
    ['pocketsphinx', { kind: 'pocketsphinx', modelsDir: '/m', vadModel: VAD }],
    ['  pocketsphinx  ', { kind: 'pocketsphinx', modelsDir: '/m', vadModel: VAD }],
    [
      'pocketsphinx:/usr/share/ps',
      { kind: 'pocketsphinx', model: '/usr/share/ps', modelsDir: '/m', vadModel: VAD },
    ],
    [
      'pocketsphinx:C:\\models\\ps',
      { kind: 'pocketsphinx', model: 'C:\\models\\ps', modelsDir: '/m', vadModel: VAD },
    ],
    ['sherpa-onnx', { kind: 'sherpa-onnx', model: DEFAULT_SHERPA_MODEL, modelsDir: '/m', vadModel: VAD }],
    ['sherpa-onnx:my-model', { kind: 'sherpa-onnx', model: 'my-model', modelsDir: '/m', vadModel: VAD }],
  ])('%j', (value, expected) => {
    // toStrictEqual: a plain pocketsphinx spec has no `model` key at all
    expect(parseEngineSpec(value, '/m', VAD)).toStrictEqual(expected);
  });

  it.each(['whisper', '', 'sherpa', 'pocketsphinx2', 'cloud:google'])(
    'refuses %j, naming the valid forms',
    (value) => {
      expect(() => parseEngineSpec(value, '/m', VAD)).toThrow(
        `unknown speech engine "${value}": use pocketsphinx, pocketsphinx:<model dir> or sherpa-onnx:<model name>`,
      );
    },
  );
});

describe('resolveTiers', () => {
  const resolve = (configured: Partial<Record<'basic' | 'premium', string>> = {}) =>
    resolveTiers({ modelsDir, vadModel: VAD, configured });

  it('falls back to PocketSphinx alone when no model is installed', () => {
    expect(resolve()).toEqual({ basic: [pocketsphinx()], premium: [pocketsphinx()] });
  });

  it('falls back to PocketSphinx alone when the models folder does not exist', () => {
    const missing = join(modelsDir, 'nowhere');
    expect(resolveTiers({ modelsDir: missing, vadModel: VAD, configured: {} })).toEqual({
      basic: [{ kind: 'pocketsphinx', modelsDir: missing, vadModel: VAD }],
      premium: [{ kind: 'pocketsphinx', modelsDir: missing, vadModel: VAD }],
    });
  });

  it('offers an installed model to every tier, before PocketSphinx', () => {
    install(BASIC);
    expect(resolve()).toEqual({
      basic: [sherpa(BASIC), pocketsphinx()],
      premium: [sherpa(BASIC), pocketsphinx()],
    });
  });

  it("lists the tier's own models first", () => {
    install(BASIC);
    install(PREMIUM);
    expect(resolve()).toEqual({
      basic: [sherpa(BASIC), sherpa(PREMIUM), pocketsphinx()],
      premium: [sherpa(PREMIUM), sherpa(BASIC), pocketsphinx()],
    });
  });

  it('keeps registry order among models of the same tier', () => {
    install(PREMIUM_2);
    install(BASIC);
    install(PREMIUM);
    expect(resolve()).toEqual({
      basic: [sherpa(BASIC), sherpa(PREMIUM), sherpa(PREMIUM_2), pocketsphinx()],
      premium: [sherpa(PREMIUM), sherpa(PREMIUM_2), sherpa(BASIC), pocketsphinx()],
    });
  });

  it('counts a folder holding the float variants as installed', () => {
    install(BASIC, [
      'encoder-epoch-99-avg-1.onnx',
      'decoder-epoch-99-avg-1.onnx',
      'joiner-epoch-99-avg-1.onnx',
      'tokens.txt',
    ]);
    expect(resolve().basic).toEqual([sherpa(BASIC), pocketsphinx()]);
  });

  it.each([
    ['tokens.txt', FILES[BASIC]!.filter((f) => f !== 'tokens.txt')],
    ['the joiner', FILES[BASIC]!.filter((f) => !f.startsWith('joiner'))],
    ['every file', []],
  ])('does not count a folder missing %s', (_, files) => {
    install(BASIC, files);
    expect(resolve()).toEqual({ basic: [pocketsphinx()], premium: [pocketsphinx()] });
  });

  it('does not count a model whose files are folders, not files', () => {
    install(
      BASIC,
      FILES[BASIC]!.filter((f) => f !== 'tokens.txt'),
    );
    mkdirSync(join(modelsDir, BASIC, 'tokens.txt'));
    expect(resolve().basic).toEqual([pocketsphinx()]);
  });

  it('ignores a complete folder that is not a registry model', () => {
    install('my-own-model', FILES[BASIC]);
    expect(resolve().basic).toEqual([pocketsphinx()]);
  });

  it('uses an explicit configuration whatever is installed, a sherpa-onnx model with PocketSphinx behind it', () => {
    install(BASIC);
    install(PREMIUM);
    expect(resolve({ basic: 'pocketsphinx:/opt/ps', premium: 'sherpa-onnx:not-installed' })).toEqual({
      basic: [{ kind: 'pocketsphinx', model: '/opt/ps', modelsDir, vadModel: VAD }],
      // Missing, the model is skipped and PocketSphinx serves: captions rather than none.
      premium: [sherpa('not-installed'), pocketsphinx()],
    });
  });

  it('resolves an unconfigured tier as usual beside a configured one', () => {
    install(BASIC);
    expect(resolve({ premium: 'pocketsphinx' })).toEqual({
      basic: [sherpa(BASIC), pocketsphinx()],
      premium: [pocketsphinx()],
    });
  });

  it('treats an empty configuration as none', () => {
    install(PREMIUM);
    expect(resolve({ basic: '' }).basic).toEqual([sherpa(PREMIUM), pocketsphinx()]);
  });

  it('throws on a configured engine it does not know', () => {
    expect(() => resolve({ premium: 'whisper' })).toThrow(/unknown speech engine "whisper"/);
  });
});

describe('tierChoices', () => {
  it('says which tiers the operator named and which are left to the best installed engine', () => {
    expect(tierChoices({ premium: 'pocketsphinx' })).toEqual({
      basic: 'best-installed',
      premium: 'configured',
    });
    // As resolveTiers reads it: an empty value names nothing.
    expect(tierChoices({ basic: '', premium: `sherpa-onnx:${PREMIUM}` })).toEqual({
      basic: 'best-installed',
      premium: 'configured',
    });
  });
});
