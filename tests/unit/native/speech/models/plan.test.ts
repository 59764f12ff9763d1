import { describe, expect, it } from 'vitest';
import { parseDownloadArgs } from '../../../../../src/native/speech/models/cli-args';
import {
  DownloadError,
  normaliseSha256,
  parseLocalOverrides,
  planDownload,
} from '../../../../../src/native/speech/models/plan';
import type { ModelEntry } from '../../../../../src/native/speech/models/registry';

const SHA_A = 'a'.repeat(64);
const SHA_B = 'B'.repeat(64);
const files = { encoder: ['e.onnx'], decoder: ['d.onnx'], joiner: ['j.onnx'], tokens: ['tokens.txt'] };
const registry: ModelEntry[] = [
  {
    name: 'pinned',
    engine: 'sherpa-onnx',
    languages: ['en'],
    tier: 'basic',
    description: '',
    url: 'https://example.test/pinned.tar.bz2',
    sha256: SHA_A,
    sizeBytes: 1234,
    files,
  },
  {
    name: 'unpinned',
    engine: 'sherpa-onnx',
    languages: ['en'],
    tier: 'basic',
    description: '',
    url: 'https://example.test/unpinned.tar.bz2',
    files,
  },
];

function failure(fn: () => unknown): DownloadError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DownloadError) return error;
    throw error;
  }
  throw new Error('expected a DownloadError');
}

describe('planDownload', () => {
  it("uses the registry's URL, checksum and size", () => {
    expect(planDownload({ name: 'pinned', registry })).toMatchObject({
      url: 'https://example.test/pinned.tar.bz2',
      sha256: SHA_A,
      sizeBytes: 1234,
    });
  });

  it('lists the known models for an unknown name', () => {
    const error = failure(() => planDownload({ name: 'nope', registry }));
    expect(error.code).toBe('unknown-model');
    expect(error.message).toContain('pinned, unpinned');
  });

  it('refuses a model without a checksum on record, saying how to supply one', () => {
    const error = failure(() => planDownload({ name: 'unpinned', registry }));
    expect(error.code).toBe('no-checksum');
    expect(error.message).toContain('--sha256');
    expect(error.message).toContain('checksums.local.json');
  });

  it('accepts a checksum from the command line, then from checksums.local.json', () => {
    expect(planDownload({ name: 'unpinned', registry, sha256: SHA_B }).sha256).toBe('b'.repeat(64));
    const local = { unpinned: { sha256: SHA_A } };
    expect(planDownload({ name: 'unpinned', registry, local }).sha256).toBe(SHA_A);
    expect(planDownload({ name: 'unpinned', registry, local, sha256: SHA_B }).sha256).toBe('b'.repeat(64));
  });

  it('installs a model outside the registry only with both a URL and a checksum', () => {
    expect(
      failure(() => planDownload({ name: 'other', registry, url: 'https://x.test/o.tar.bz2' })).code,
    ).toBe('no-checksum');
    expect(
      planDownload({ name: 'other', registry, url: 'https://x.test/o.tar.bz2', sha256: SHA_A }),
    ).toMatchObject({
      url: 'https://x.test/o.tar.bz2',
      sha256: SHA_A,
      entry: undefined,
    });
  });

  it('refuses a malformed checksum and a name that is a path', () => {
    expect(failure(() => planDownload({ name: 'pinned', registry, sha256: 'abc' })).code).toBe(
      'bad-checksum',
    );
    expect(failure(() => planDownload({ name: '../pinned', registry })).code).toBe('bad-name');
  });
});

describe('normaliseSha256', () => {
  it('accepts 64 hex digits in any case, trimmed, and nothing else', () => {
    expect(normaliseSha256(` ${SHA_B} `)).toBe('b'.repeat(64));
    expect(normaliseSha256('g'.repeat(64))).toBeUndefined();
    expect(normaliseSha256('a'.repeat(63))).toBeUndefined();
  });
});

describe('parseLocalOverrides', () => {
  it('reads objects and bare checksum strings', () => {
    expect(parseLocalOverrides(JSON.stringify({ a: { sha256: SHA_A, url: 'u' }, b: SHA_B }), 'f')).toEqual({
      a: { sha256: SHA_A, url: 'u' },
      b: { sha256: SHA_B },
    });
  });

  it('names the file when it is not valid', () => {
    expect(() => parseLocalOverrides('{', '/m/checksums.local.json')).toThrow('/m/checksums.local.json');
    expect(() => parseLocalOverrides('[]', 'f')).toThrow('must be an object');
  });
});

describe('parseDownloadArgs', () => {
  it('takes the name, options with separate or inline values, and the env default folder', () => {
    expect(
      parseDownloadArgs(['m', '--url', 'https://u', `--sha256=${SHA_A}`, '--force'], {
        HEARKEN_MODELS_DIR: '/srv/models',
      }),
    ).toEqual({
      name: 'm',
      url: 'https://u',
      sha256: SHA_A,
      modelsDir: '/srv/models',
      force: true,
      list: false,
      help: false,
    });
  });

  it('defaults the models folder to ./models and lets --models-dir override the env', () => {
    expect(parseDownloadArgs(['m'], {}).modelsDir).toBe('./models');
    expect(parseDownloadArgs(['m', '--models-dir', 'x'], { HEARKEN_MODELS_DIR: 'y' }).modelsDir).toBe('x');
  });

  it('rejects a missing name, a missing value, an unknown option and two names', () => {
    expect(() => parseDownloadArgs([], {})).toThrow('which model');
    expect(() => parseDownloadArgs(['m', '--sha256'], {})).toThrow('--sha256 needs a value');
    expect(() => parseDownloadArgs(['m', '--url', '--force'], {})).toThrow('--url needs a value');
    expect(() => parseDownloadArgs(['m', '--fast'], {})).toThrow('unknown option --fast');
    expect(() => parseDownloadArgs(['a', 'b'], {})).toThrow('one model at a time');
  });

  it('needs no name to list models', () => {
    expect(parseDownloadArgs(['--list'], {}).list).toBe(true);
  });
});
