/**
 * The tiny speaker-embedding model of tests/fixtures/tiny-speaker-embedding, generated once and
 * cached in the system temp folder under a hash of the generator (like tiny-model.ts), laid out
 * as an installed model: `<modelsDir>/speaker-embedding/tiny-speaker-embedding.onnx`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SPEAKER_MODELS_FOLDER } from '../../src/native/speech/speaker-id/model';
import { SYSTEM_PYTHON } from './tiny-model';

const GENERATOR = join(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  'fixtures',
  'tiny-speaker-embedding',
  'make_tiny_speaker_embedding.py',
);
const FILE = 'tiny-speaker-embedding.onnx';

export interface TinySpeakerModel {
  /** A models dir (HEARKEN_MODELS_DIR) holding only the speaker model. */
  modelsDir: string;
  /** The .onnx file. */
  path: string;
}

export function tinySpeakerModel(): TinySpeakerModel {
  const hash = createHash('sha256').update(readFileSync(GENERATOR)).digest('hex').slice(0, 16);
  const modelsDir = join(tmpdir(), `hearken-tiny-speaker-${hash}`);
  const dir = join(modelsDir, SPEAKER_MODELS_FOLDER);
  const path = join(dir, FILE);
  if (!existsSync(path)) {
    mkdirSync(modelsDir, { recursive: true });
    // Generated beside its final place and renamed, so a parallel test never sees half a model.
    const staging = join(modelsDir, `.staging-${process.pid}-${Date.now()}`);
    try {
      execFileSync(SYSTEM_PYTHON, [GENERATOR, staging], { stdio: 'pipe', timeout: 60_000 });
    } catch (error) {
      const detail = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
      throw new Error(
        `The tiny speaker model needs ${SYSTEM_PYTHON} with python3-onnx and python3-numpy. ${detail}`,
      );
    }
    try {
      renameSync(staging, dir);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (!existsSync(path)) throw error;
    }
  }
  return { modelsDir, path };
}
