/**
 * Installs a speaker-embedding model like the recognition models (models/download.ts): the same
 * command (`npm run models:download -- <name>`), the same checksum rule (a registry SHA-256 only
 * when one was found published; else --sha256 or checksums.local.json, never an unverified
 * file), the same resumable, hashed download. sherpa-onnx publishes these as single .onnx files,
 * not archives: the verified file is checked for the metadata sherpa-onnx needs (model.ts) and
 * renamed into `<models>/speaker-embedding/<name>.onnx`, so a model is there whole or not at all.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fetchArchive } from '../models/fetch-archive';
import {
  DownloadError,
  LOCAL_OVERRIDES_FILE,
  normaliseSha256,
  parseLocalOverrides,
  type LocalOverride,
} from '../models/plan';
import type { ProgressState } from '../models/progress';
import { isValidModelName } from '../models/registry';
import { SPEAKER_MODELS_FOLDER, speakerModelProblem } from './model';

export interface SpeakerModelEntry {
  /** The file's name without `.onnx`. */
  name: string;
  description: string;
  url: string;
  sha256?: string;
}

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/speaker-recongition-models';

/**
 * No SHA-256 of these files could be found published by anyone who pinned them: they install
 * only with --sha256 or an entry in checksums.local.json (docs/speech-models.md).
 */
export const SPEAKER_MODEL_REGISTRY: readonly SpeakerModelEntry[] = [
  {
    name: '3dspeaker_speech_campplus_sv_en_voxceleb_16k',
    description: 'Speaker embeddings (3D-Speaker CAM++, trained on English VoxCeleb)',
    url: `${RELEASES}/3dspeaker_speech_campplus_sv_en_voxceleb_16k.onnx`,
  },
  {
    name: 'wespeaker_en_voxceleb_resnet34',
    description: 'Speaker embeddings (WeSpeaker ResNet34, trained on English VoxCeleb)',
    url: `${RELEASES}/wespeaker_en_voxceleb_resnet34.onnx`,
  },
];

export function isSpeakerModelName(name: string, registry = SPEAKER_MODEL_REGISTRY): boolean {
  return registry.some((m) => m.name === name);
}

export interface SpeakerDownloadOptions {
  name: string;
  modelsDir: string;
  url?: string;
  sha256?: string;
  force?: boolean;
  registry?: readonly SpeakerModelEntry[];
  fetchImpl?: typeof fetch;
  onProgress?: (state: ProgressState) => void;
}

export interface SpeakerDownloadResult {
  path: string;
  alreadyInstalled: boolean;
  sha256?: string;
}

async function localOverride(modelsDir: string, name: string): Promise<LocalOverride | undefined> {
  const path = join(modelsDir, LOCAL_OVERRIDES_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
  return parseLocalOverrides(text, path)[name];
}

export async function downloadSpeakerModel(options: SpeakerDownloadOptions): Promise<SpeakerDownloadResult> {
  const { name, modelsDir } = options;
  const registry = options.registry ?? SPEAKER_MODEL_REGISTRY;
  if (!isValidModelName(name))
    throw new DownloadError(
      'bad-name',
      `"${name}" is not a model name (letters, digits, ".", "_" and "-" only)`,
    );
  const entry = registry.find((m) => m.name === name);
  const local = await localOverride(modelsDir, name);
  const url = options.url ?? local?.url ?? entry?.url;
  if (!url) throw new DownloadError('unknown-model', `Unknown speaker model "${name}"`);
  const given = options.sha256 ?? local?.sha256 ?? entry?.sha256;
  if (given === undefined)
    throw new DownloadError(
      'no-checksum',
      `No SHA-256 is on record for ${name}, and Hearken does not install a model it cannot verify. ` +
        `Find the file's SHA-256 from a source you trust, then pass --sha256 <hex>, ` +
        `or add {"${name}": {"sha256": "<hex>"}} to ${LOCAL_OVERRIDES_FILE} in the models folder.`,
    );
  const sha256 = normaliseSha256(given);
  if (!sha256) throw new DownloadError('bad-checksum', `"${given}" is not a SHA-256 (64 hexadecimal digits)`);

  const folder = join(modelsDir, SPEAKER_MODELS_FOLDER);
  const target = join(folder, `${name}.onnx`);
  if (existsSync(target) && !options.force) return { path: target, alreadyInstalled: true };

  const downloads = join(modelsDir, '.downloads');
  await mkdir(downloads, { recursive: true });
  await mkdir(folder, { recursive: true });
  const part = join(downloads, `${name}.onnx.part`);
  const fetched = await fetchArchive({
    url,
    dest: part,
    expectedSha256: sha256,
    onProgress: options.onProgress,
    fetchImpl: options.fetchImpl,
  });
  const problem = speakerModelProblem(await readFile(part));
  if (problem) {
    await rm(part, { force: true });
    throw new DownloadError('incomplete-archive', `${name} is not a model sherpa-onnx can use: ${problem}`);
  }
  await rename(part, target);
  return { path: target, alreadyInstalled: false, sha256: fetched.sha256 };
}
