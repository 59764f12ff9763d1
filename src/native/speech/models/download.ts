/**
 * Installs a model into the models folder: download (resumable, hashed while streaming), verify,
 * unpack into a temporary folder inside the models folder, check the expected files are there,
 * then move it into place with one rename. A model folder therefore either does not exist or is
 * complete: an interrupted install never looks installed to the engine.
 *
 * Working files live in the models folder itself (`.downloads/`, `.unpack-*`), so the final
 * rename never crosses file systems and stays atomic.
 */
import { randomBytes } from 'node:crypto';
import { readFile, mkdir, mkdtemp, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fetchArchive } from './fetch-archive';
import { modelInstallState, pickModelFiles, type ModelFilePaths } from './installed';
import {
  DownloadError,
  LOCAL_OVERRIDES_FILE,
  parseLocalOverrides,
  planDownload,
  type DownloadPlan,
  type LocalOverride,
} from './plan';
import type { ProgressState } from './progress';
import { GENERIC_TRANSDUCER_FILES, MODEL_REGISTRY, type ModelEntry } from './registry';
import { unpackTarBz2 } from './unpack';

export { DownloadError } from './plan';

export type DownloadStage = 'download' | 'unpack' | 'install';

export interface DownloadModelOptions {
  name: string;
  modelsDir: string;
  /** Overrides the registry's URL (a mirror must serve the same bytes: the checksum still applies). */
  url?: string;
  sha256?: string;
  /** Reinstall even when the model is already installed. */
  force?: boolean;
  registry?: readonly ModelEntry[];
  fetchImpl?: typeof fetch;
  onProgress?: (state: ProgressState) => void;
  onStage?: (stage: DownloadStage, plan: DownloadPlan) => void;
}

export interface DownloadModelResult {
  dir: string;
  files: ModelFilePaths;
  alreadyInstalled: boolean;
  /** Archive bytes and checksum; absent when the model was already installed. */
  bytes?: number;
  sha256?: string;
}

async function readLocalOverrides(modelsDir: string): Promise<Record<string, LocalOverride>> {
  const path = join(modelsDir, LOCAL_OVERRIDES_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    return {};
  }
  return parseLocalOverrides(text, path);
}

/** The archives unpack to one folder named after the model; accept a flat archive as well. */
async function modelRoot(unpacked: string): Promise<string> {
  const entries = await readdir(unpacked, { withFileTypes: true });
  const only = entries.length === 1 ? entries[0] : undefined;
  return only?.isDirectory() ? join(unpacked, only.name) : unpacked;
}

async function moveIntoPlace(source: string, target: string): Promise<void> {
  // An existing folder (incomplete, or --force) is moved aside first, and back if the swap fails.
  const aside = `${target}.old-${randomBytes(4).toString('hex')}`;
  let movedAside = false;
  try {
    await rename(target, aside);
    movedAside = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  try {
    await rename(source, target);
  } catch (error) {
    if (movedAside) await rename(aside, target).catch(() => undefined);
    throw error;
  }
  if (movedAside) await rm(aside, { recursive: true, force: true });
}

export async function downloadModel(options: DownloadModelOptions): Promise<DownloadModelResult> {
  const registry = options.registry ?? MODEL_REGISTRY;
  const plan = planDownload({
    name: options.name,
    url: options.url,
    sha256: options.sha256,
    local: await readLocalOverrides(options.modelsDir),
    registry,
  });

  const before = modelInstallState(options.modelsDir, plan.name, registry);
  if (before.installed && !options.force) {
    return { dir: before.dir, files: before.files, alreadyInstalled: true };
  }

  const downloads = join(options.modelsDir, '.downloads');
  await mkdir(downloads, { recursive: true });
  const archive = join(downloads, `${plan.name}.tar.bz2.part`);
  options.onStage?.('download', plan);
  const fetched = await fetchArchive({
    url: plan.url,
    dest: archive,
    expectedSha256: plan.sha256,
    knownSizeBytes: plan.sizeBytes,
    onProgress: options.onProgress,
    fetchImpl: options.fetchImpl,
  });

  options.onStage?.('unpack', plan);
  const staging = await mkdtemp(join(options.modelsDir, `.unpack-${plan.name}-`));
  try {
    await unpackTarBz2(archive, staging);
    const root = await modelRoot(staging);
    const { missing } = pickModelFiles(await readdir(root), plan.entry?.files ?? GENERIC_TRANSDUCER_FILES);
    if (missing.length > 0) {
      throw new DownloadError(
        'incomplete-archive',
        `The archive for ${plan.name} has no ${missing.map((m) => `${m.role} file (${m.wanted})`).join(', no ')}; nothing was installed.`,
      );
    }
    options.onStage?.('install', plan);
    await moveIntoPlace(root, join(options.modelsDir, plan.name));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  // Only once installed: until then the verified archive is worth keeping for a retry.
  await rm(archive, { force: true });

  const after = modelInstallState(options.modelsDir, plan.name, registry);
  if (!after.installed) {
    throw new DownloadError(
      'incomplete-archive',
      `${plan.name} was unpacked but its files are not where expected`,
    );
  }
  return {
    dir: after.dir,
    files: after.files,
    alreadyInstalled: false,
    bytes: fetched.bytes,
    sha256: fetched.sha256,
  };
}
