import { describe, expect, it } from 'vitest';
import {
  HotwordRecognizers,
  hotwordLines,
  piecesAreUpperCase,
  vocabFromTokens,
} from '../../../../../src/native/speech/sherpa-onnx/hotwords';
import {
  recognizerConfig,
  DEFAULT_SHERPA_ONNX_OPTIONS,
} from '../../../../../src/native/speech/sherpa-onnx/config';

const TOKENS = '<blk> 0\n<sos/eos> 1\n▁THE 2\n▁KING 3\nS 4\n';
const FILES = { encoder: 'e.onnx', decoder: 'd.onnx', joiner: 'j.onnx', tokens: 't.txt' };

describe('hotwords files', () => {
  it('writes one hotword per line in the case of the model’s pieces', () => {
    expect(piecesAreUpperCase(TOKENS)).toBe(true);
    expect(piecesAreUpperCase('▁the 1\n▁king 2\n')).toBe(false);
    expect(hotwordLines(['zarathustra', 'new'], true)).toEqual(['ZARATHUSTRA', 'NEW']);
    expect(hotwordLines(['Kyiv'], false)).toEqual(['kyiv']);
  });

  it('makes a bpe vocabulary of every piece of tokens.txt', () => {
    expect(vocabFromTokens(TOKENS)).toBe('<blk>\t0\n<sos/eos>\t0\n▁THE\t0\n▁KING\t0\nS\t0\n');
  });
});

describe('recognizerConfig with hotwords', () => {
  it('switches to modified beam search with the hotwords file, score and bpe vocabulary', () => {
    const plain = recognizerConfig(FILES, DEFAULT_SHERPA_ONNX_OPTIONS);
    expect(plain.decodingMethod).toBe('greedy_search');
    expect(plain.hotwordsFile).toBeUndefined();
    const boosted = recognizerConfig(FILES, DEFAULT_SHERPA_ONNX_OPTIONS, {
      hotwordsFile: '/tmp/h.txt',
      bpeVocab: '/tmp/bpe.vocab',
    });
    expect(boosted).toMatchObject({
      decodingMethod: 'modified_beam_search',
      hotwordsFile: '/tmp/h.txt',
      hotwordsScore: DEFAULT_SHERPA_ONNX_OPTIONS.hotwordsScore,
      modelConfig: { modelingUnit: 'bpe', bpeVocab: '/tmp/bpe.vocab', tokens: 't.txt' },
    });
  });
});

describe('HotwordRecognizers', () => {
  it('makes one recognizer per distinct list (order does not matter) and drops the least recently used', () => {
    const made: string[] = [];
    const cache = new HotwordRecognizers(2, (tokens) => {
      made.push(tokens.join('+'));
      return { tokens: [...tokens] };
    });
    const a = cache.get(['kine', 'spake']);
    expect(cache.get(['spake', 'kine'])).toBe(a);
    cache.get(['helstone']);
    cache.get(['kine', 'spake']); // a is now the most recent
    cache.get(['minims']); // drops helstone
    expect(cache.size).toBe(2);
    expect(cache.get(['kine', 'spake'])).toBe(a);
    cache.get(['helstone']);
    expect(made).toEqual(['kine+spake', 'helstone', 'minims', 'helstone']);
  });
});
