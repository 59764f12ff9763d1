/**
 * Vocabulary boost for sherpa-onnx (docs/boost.md): contextual biasing with hotwords. sherpa-onnx
 * biases a transducer's modified beam search towards the token sequences of a hotwords file,
 * adding `hotwordsScore` per matched token. The file's words are split into the model's BPE
 * pieces with a `bpe.vocab`: the model's own when it ships one, else one written from its
 * tokens.txt (every piece, equal scores), which is enough for the encoder to find the pieces.
 *
 * sherpa-onnx-node's streaming API takes hotwords only in the recognizer's configuration, not
 * per stream, so each distinct boost list has a recognizer of its own (HotwordRecognizers keeps
 * a few, least recently used first out); a stream moves to its list's recognizer between
 * utterances.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The lines of a hotwords file: one boost token per line, in the case the model's tokens use. */
export function hotwordLines(tokens: readonly string[], upperCase: boolean): string[] {
  return tokens.map((t) => (upperCase ? t.toUpperCase() : t.toLowerCase()));
}

/** Whether a model's pieces are upper case (the icefall English models) or lower case. */
export function piecesAreUpperCase(tokensTxt: string): boolean {
  let upper = 0;
  let lower = 0;
  for (const line of tokensTxt.split('\n')) {
    const piece = line.split(' ')[0] ?? '';
    if (/\p{Lu}/u.test(piece)) upper++;
    if (/\p{Ll}/u.test(piece)) lower++;
  }
  return upper >= lower;
}

/** A sentencepiece-style vocabulary (`piece\tscore` lines) of every piece of tokens.txt. */
export function vocabFromTokens(tokensTxt: string): string {
  return (
    tokensTxt
      .split('\n')
      .map((line) => line.trim().split(' ')[0] ?? '')
      .filter((piece) => piece.length > 0)
      .map((piece) => `${piece}\t0`)
      .join('\n') + '\n'
  );
}

export interface HotwordFiles {
  hotwordsFile: string;
  bpeVocab: string;
}

/** Writes hotwords files for one model in a folder of their own, removed by dispose(). */
export class HotwordWriter {
  private readonly dir = mkdtempSync(join(tmpdir(), 'hearken-hotwords-'));
  private readonly upperCase: boolean;
  private readonly bpeVocab: string;
  private written = 0;

  constructor(tokensPath: string) {
    const tokens = readFileSync(tokensPath, 'utf8');
    this.upperCase = piecesAreUpperCase(tokens);
    const own = join(dirname(tokensPath), 'bpe.vocab');
    if (existsSync(own)) {
      this.bpeVocab = own;
    } else {
      this.bpeVocab = join(this.dir, 'bpe.vocab');
      writeFileSync(this.bpeVocab, vocabFromTokens(tokens));
    }
  }

  write(tokens: readonly string[]): HotwordFiles {
    const hotwordsFile = join(this.dir, `hotwords-${++this.written}.txt`);
    writeFileSync(hotwordsFile, hotwordLines(tokens, this.upperCase).join('\n') + '\n');
    return { hotwordsFile, bpeVocab: this.bpeVocab };
  }

  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Recognizers by boost list, at most `max`, the least recently used dropped first. */
export class HotwordRecognizers<R> {
  private readonly byKey = new Map<string, R>();

  constructor(
    private readonly max: number,
    private readonly create: (tokens: readonly string[]) => R,
  ) {}

  static key(tokens: readonly string[]): string {
    return [...tokens].sort().join('\n');
  }

  get(tokens: readonly string[]): R {
    const key = HotwordRecognizers.key(tokens);
    const found = this.byKey.get(key);
    if (found !== undefined) {
      this.byKey.delete(key);
      this.byKey.set(key, found);
      return found;
    }
    const made = this.create(tokens);
    this.byKey.set(key, made);
    while (this.byKey.size > this.max) this.byKey.delete(this.byKey.keys().next().value!);
    return made;
  }

  get size(): number {
    return this.byKey.size;
  }

  clear(): void {
    this.byKey.clear();
  }
}
