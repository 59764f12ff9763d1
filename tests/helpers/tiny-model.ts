/**
 * The tiny zipformer2 model of tests/fixtures/tiny-zipformer, generated once and cached in the
 * system temp folder under a hash of the generator, so editing the generator regenerates it and
 * test files running in parallel share one copy.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Debian's python, which has python3-onnx; the `python3` on PATH may be a pyenv without it. */
export const SYSTEM_PYTHON = '/usr/bin/python3';
export const TINY_MODEL_NAME = 'tiny-zipformer';

const GENERATOR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'tiny-zipformer',
  'make_tiny_zipformer.py',
);

export interface TinyModel {
  /** A models dir (HEARKEN_MODELS_DIR) holding only the tiny model. */
  modelsDir: string;
  name: string;
  /** The model's own folder: encoder.onnx, decoder.onnx, joiner.onnx, tokens.txt. */
  dir: string;
}

function checkPython(): void {
  try {
    execFileSync(SYSTEM_PYTHON, ['-c', 'import onnx, numpy'], { stdio: 'pipe' });
  } catch (error) {
    const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
    throw new Error(
      `The tiny test model needs ${SYSTEM_PYTHON} with the onnx and numpy modules ` +
        `(Debian packages python3-onnx and python3-numpy: apt-get install python3-onnx). ${detail}`,
    );
  }
}

export function tinyModel(): TinyModel {
  const hash = createHash('sha256').update(readFileSync(GENERATOR)).digest('hex').slice(0, 16);
  const modelsDir = join(tmpdir(), `hearken-tiny-zipformer-${hash}`);
  const dir = join(modelsDir, TINY_MODEL_NAME);
  if (!existsSync(join(dir, 'tokens.txt'))) {
    checkPython();
    mkdirSync(modelsDir, { recursive: true });
    // Generated beside its final place and renamed, so a parallel test never sees half a model.
    const staging = join(modelsDir, `.staging-${process.pid}-${Date.now()}`);
    execFileSync(SYSTEM_PYTHON, [GENERATOR, staging], { stdio: 'pipe', timeout: 60_000 });
    try {
      renameSync(staging, dir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(join(dir, 'tokens.txt'))) throw error;
    }
  }
  return { modelsDir, name: TINY_MODEL_NAME, dir };
}
