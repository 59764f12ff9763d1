/**
 * Where speaker identification's model is found, and whether a file is one sherpa-onnx can load.
 *
 * A speaker-embedding model is one .onnx file (sherpa-onnx publishes them as single files, not
 * archives), kept in `<models dir>/speaker-embedding/`; the first in name order is used.
 * sherpa-onnx reads its metadata at load and ends the whole process (exit, not an exception)
 * when `framework` is missing or not wespeaker / 3d-speaker: so the file is checked here first,
 * and a file that would fail is refused with the reason, never loaded.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EngineUnavailableError } from '../types';

export const SPEAKER_MODELS_FOLDER = 'speaker-embedding';

/** Official sherpa-onnx speaker models (single .onnx files), for the docs and error messages. */
export const SPEAKER_MODEL_RELEASES =
  'https://github.com/k2-fsa/sherpa-onnx/releases/tag/speaker-recongition-models';
export const SUGGESTED_SPEAKER_MODEL = '3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx';

/** The metadata keys sherpa-onnx requires of a wespeaker / 3d-speaker model. */
const REQUIRED_KEYS = ['framework', 'output_dim', 'sample_rate', 'normalize_samples', 'language'] as const;
const FRAMEWORKS = ['wespeaker', '3d-speaker'] as const;

function installHint(modelsDir: string): string {
  return `put a speaker-embedding model (.onnx, for example ${SUGGESTED_SPEAKER_MODEL} from ${SPEAKER_MODEL_RELEASES}) in ${join(modelsDir, SPEAKER_MODELS_FOLDER)}`;
}

/** The model file to use, or undefined when none is installed. */
export function findSpeakerModel(modelsDir: string): string | undefined {
  const dir = join(modelsDir, SPEAKER_MODELS_FOLDER);
  if (!existsSync(dir)) return undefined;
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.onnx') && !f.startsWith('.'))
    .sort();
  return files[0] ? join(dir, files[0]) : undefined;
}

/**
 * Why sherpa-onnx would refuse these model bytes, or undefined. ONNX keeps metadata as
 * protobuf strings (key, then value, each length-prefixed), so each key is looked for followed by
 * its value field; a framework other than the two supported is named.
 */
export function speakerModelProblem(bytes: Uint8Array): string | undefined {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  // Field 1 (key) of a metadata entry, then the tag of field 2 (value): "\n" len key "\x12".
  const valueAt = (key: string): number => {
    const at = text.indexOf(`\n${String.fromCharCode(key.length)}${key}\u0012`);
    return at < 0 ? -1 : at + key.length + 3;
  };
  const missing = REQUIRED_KEYS.filter((key) => valueAt(key) < 0);
  if (missing.length > 0)
    return `its metadata lacks ${missing.join(', ')} (not a wespeaker or 3d-speaker export)`;
  const valueOf = (key: string): string | undefined => {
    const at = valueAt(key);
    return at < 0 ? undefined : text.slice(at + 1, at + 1 + text.charCodeAt(at));
  };
  const framework = valueOf('framework') ?? '';
  if (!(FRAMEWORKS as readonly string[]).includes(framework))
    return `its framework is "${framework}"; sherpa-onnx takes ${FRAMEWORKS.join(' or ')} models`;
  // Any other feature normalisation also ends the process, at the first embedding.
  const normalise = valueOf('feature_normalize_type');
  if (normalise !== undefined && normalise !== '' && normalise !== 'global-mean')
    return `its feature_normalize_type is "${normalise}"; sherpa-onnx knows only global-mean`;
  return undefined;
}

/** Checks the model file; throws EngineUnavailableError saying what is wrong and what to do. */
export function checkSpeakerModel(path: string, modelsDir: string): void {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch (error) {
    throw new EngineUnavailableError(
      `The speaker model ${path} cannot be read (${(error as Error).message})`,
      installHint(modelsDir),
    );
  }
  const problem = speakerModelProblem(bytes);
  if (problem)
    throw new EngineUnavailableError(
      `The speaker model ${path} cannot be used: ${problem}`,
      installHint(modelsDir),
    );
}

export function noSpeakerModelError(modelsDir: string): EngineUnavailableError {
  return new EngineUnavailableError('No speaker-embedding model is installed', installHint(modelsDir));
}
