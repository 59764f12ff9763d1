import { describe, expect, it } from 'vitest';
import { pickModelFiles } from '../../../../../src/native/speech/models/installed';
import {
  DEFAULT_SHERPA_MODEL,
  downloadCommand,
  findModel,
  GENERIC_TRANSDUCER_FILES,
  isValidModelName,
  knownModelNames,
  MODEL_REGISTRY,
} from '../../../../../src/native/speech/models/registry';

describe('model registry', () => {
  it('has the English models the tiers need, the default among them', () => {
    expect(knownModelNames()).toEqual(
      expect.arrayContaining([
        'sherpa-onnx-streaming-zipformer-en-2023-06-26',
        'sherpa-onnx-streaming-zipformer-en-20M-2023-02-17',
      ]),
    );
    expect(findModel(DEFAULT_SHERPA_MODEL)?.engine).toBe('sherpa-onnx');
  });

  it('points every entry at its official release archive, named after the model', () => {
    for (const m of MODEL_REGISTRY) {
      expect(m.url).toBe(
        `https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models/${m.name}.tar.bz2`,
      );
      expect(isValidModelName(m.name)).toBe(true);
      expect(m.languages.length).toBeGreaterThan(0);
    }
  });

  it('holds checksums only in SHA-256 form, and the published values for the two main models', () => {
    for (const m of MODEL_REGISTRY) {
      if (m.sha256 !== undefined) expect(m.sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(findModel('sherpa-onnx-streaming-zipformer-en-2023-06-26')?.sha256).toBe(
      '639e25b578e9e997131402199419c13a941f8e4e198e2da1ce57dbf5cf401282',
    );
    expect(findModel('sherpa-onnx-streaming-zipformer-en-20M-2023-02-17')?.sha256).toBe(
      '9c559283e8498d3fe95913c79ca1cb454bb26281ac2b102b41306c7d752765d9',
    );
  });

  it('refuses model names that could leave the models folder', () => {
    for (const bad of ['', '.', '..', '../x', 'a/b', 'a\\b', '/etc', '.hidden', 'x..y']) {
      expect(isValidModelName(bad), bad).toBe(false);
    }
    expect(isValidModelName('tiny-zipformer')).toBe(true);
  });

  it('names the npm command that installs a model', () => {
    expect(downloadCommand('m')).toBe('npm run models:download -- m');
  });
});

describe('pickModelFiles', () => {
  const entry = findModel('sherpa-onnx-streaming-zipformer-en-2023-06-26')!;
  const release = [
    'README.md',
    'bpe.model',
    'decoder-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
    'decoder-epoch-99-avg-1-chunk-16-left-128.onnx',
    'decoder-epoch-99-avg-1-chunk-16-left-64.onnx',
    'encoder-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
    'encoder-epoch-99-avg-1-chunk-16-left-128.onnx',
    'joiner-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
    'joiner-epoch-99-avg-1-chunk-16-left-128.onnx',
    'tokens.txt',
  ];

  it('prefers the int8 encoder and joiner and the float decoder of a release', () => {
    expect(pickModelFiles(release, entry.files)).toEqual({
      files: {
        encoder: 'encoder-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
        decoder: 'decoder-epoch-99-avg-1-chunk-16-left-128.onnx',
        joiner: 'joiner-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
        tokens: 'tokens.txt',
      },
      missing: [],
    });
  });

  it('falls back to the float encoder when the int8 one is absent', () => {
    const listing = release.filter((f) => !f.startsWith('encoder') || !f.includes('int8'));
    expect(pickModelFiles(listing, entry.files).files.encoder).toBe(
      'encoder-epoch-99-avg-1-chunk-16-left-128.onnx',
    );
  });

  it('names each missing role and what it looked for', () => {
    const { missing } = pickModelFiles(['tokens.txt', 'README.md'], entry.files);
    expect(missing.map((m) => m.role)).toEqual(['encoder', 'decoder', 'joiner']);
    expect(missing[0]!.wanted).toContain('encoder-epoch-99-avg-1-chunk-16-left-128.int8.onnx');
  });

  it('finds the usual export names in a folder the registry does not know', () => {
    const listing = [
      'decoder.int8.onnx',
      'decoder.onnx',
      'encoder.onnx',
      'joiner.int8.onnx',
      'joiner.onnx',
      'tokens.txt',
    ];
    expect(pickModelFiles(listing, GENERIC_TRANSDUCER_FILES).files).toEqual({
      encoder: 'encoder.onnx',
      decoder: 'decoder.onnx',
      joiner: 'joiner.int8.onnx',
      tokens: 'tokens.txt',
    });
  });
});
