/**
 * Whether a model is installed in a models folder, and where its files are. The engine asks this
 * before loading anything, so a missing model is reported by name with the command that installs
 * it, instead of as a native crash inside onnxruntime.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  findModel,
  GENERIC_TRANSDUCER_FILES,
  MODEL_REGISTRY,
  TRANSDUCER_ROLES,
  type FileCandidate,
  type ModelEntry,
  type TransducerFiles,
  type TransducerRole,
} from './registry';

export type ModelFilePaths = Record<TransducerRole, string>;

export type InstallState =
  | { installed: true; dir: string; files: ModelFilePaths }
  /** `missingDir`: the model folder itself is absent; otherwise `missing` names the absent roles. */
  | {
      installed: false;
      dir: string;
      missingDir: boolean;
      missing: { role: TransducerRole; wanted: string }[];
    };

function matches(name: string, candidate: FileCandidate): boolean {
  return typeof candidate === 'string' ? name === candidate : candidate.test(name);
}

function describe(candidates: readonly FileCandidate[]): string {
  return candidates.map((c) => (typeof c === 'string' ? c : c.source)).join(' or ');
}

/**
 * Picks each role's file from a folder listing, in the candidates' order of preference. Pure, so
 * the choice (int8 before float, the registry's names before patterns) is tested without disk.
 */
export function pickModelFiles(
  listing: readonly string[],
  spec: TransducerFiles,
): { files: Partial<Record<TransducerRole, string>>; missing: { role: TransducerRole; wanted: string }[] } {
  const sorted = [...listing].sort();
  const files: Partial<Record<TransducerRole, string>> = {};
  const missing: { role: TransducerRole; wanted: string }[] = [];
  for (const role of TRANSDUCER_ROLES) {
    let found: string | undefined;
    for (const candidate of spec[role]) {
      found = sorted.find((name) => matches(name, candidate));
      if (found) break;
    }
    if (found) files[role] = found;
    else missing.push({ role, wanted: describe(spec[role]) });
  }
  return { files, missing };
}

/** Regular files of a folder, or undefined when the folder does not exist. */
function listFiles(dir: string): string[] | undefined {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return undefined;
  }
  return names.filter((name) => {
    try {
      return statSync(join(dir, name)).isFile();
    } catch {
      return false;
    }
  });
}

export function modelInstallState(
  modelsDir: string,
  name: string,
  registry: readonly ModelEntry[] = MODEL_REGISTRY,
): InstallState {
  const dir = join(modelsDir, name);
  const spec = findModel(name, registry)?.files ?? GENERIC_TRANSDUCER_FILES;
  const listing = listFiles(dir);
  if (!listing) {
    return {
      installed: false,
      dir,
      missingDir: true,
      missing: TRANSDUCER_ROLES.map((role) => ({ role, wanted: describe(spec[role]) })),
    };
  }
  const { files, missing } = pickModelFiles(listing, spec);
  if (missing.length > 0) return { installed: false, dir, missingDir: false, missing };
  const paths = Object.fromEntries(TRANSDUCER_ROLES.map((role) => [role, join(dir, files[role]!)]));
  return { installed: true, dir, files: paths as ModelFilePaths };
}
