/**
 * What to download for a model name: URL and expected SHA-256, from the registry, the user's
 * command-line overrides and the models folder's checksums.local.json. Pure, so every refusal
 * (unknown name, no checksum on record, malformed checksum) is tested without a network.
 *
 * An archive is never installed unverified: a model runs inside the app with the user's audio,
 * and a tampered or truncated one would fail in ways nobody could diagnose.
 */
import { downloadCommand, findModel, isValidModelName, knownModelNames, type ModelEntry } from './registry';

export type DownloadErrorCode =
  | 'bad-name'
  | 'unknown-model'
  | 'no-checksum'
  | 'bad-checksum'
  | 'network'
  | 'http'
  | 'interrupted'
  | 'checksum-mismatch'
  | 'unpack'
  | 'incomplete-archive';

export class DownloadError extends Error {
  constructor(
    readonly code: DownloadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** One entry of checksums.local.json: a user's own record for a model the registry lacks. */
export interface LocalOverride {
  sha256?: string;
  url?: string;
}

export const LOCAL_OVERRIDES_FILE = 'checksums.local.json';

export interface DownloadPlan {
  name: string;
  url: string;
  sha256: string;
  sizeBytes?: number;
  /** The registry entry, when the model is a known one (gives its file names). */
  entry?: ModelEntry;
}

export interface PlanRequest {
  name: string;
  url?: string;
  sha256?: string;
  local?: Readonly<Record<string, LocalOverride>>;
  registry?: readonly ModelEntry[];
}

/** Lower-case 64-digit hex, or undefined when `hex` is not a SHA-256. */
export function normaliseSha256(hex: string): string | undefined {
  const clean = hex.trim().toLowerCase();
  return /^[0-9a-f]{64}$/.test(clean) ? clean : undefined;
}

export function planDownload(request: PlanRequest): DownloadPlan {
  const { name } = request;
  if (!isValidModelName(name)) {
    throw new DownloadError(
      'bad-name',
      `"${name}" is not a model name (letters, digits, ".", "_" and "-" only)`,
    );
  }
  const entry = findModel(name, request.registry);
  const local = request.local?.[name];
  const url = request.url ?? local?.url ?? entry?.url;
  if (!url) {
    throw new DownloadError(
      'unknown-model',
      `Unknown model "${name}". Known models: ${knownModelNames(request.registry).join(', ')}. ` +
        'For another sherpa-onnx release, pass --url <archive URL> and --sha256 <hex>.',
    );
  }
  // The command line wins over the local file, which wins over the registry: each is a more
  // deliberate statement by the user about this particular archive.
  const given = request.sha256 ?? local?.sha256;
  if (given !== undefined) {
    const sha256 = normaliseSha256(given);
    if (!sha256) {
      throw new DownloadError('bad-checksum', `"${given}" is not a SHA-256 (64 hexadecimal digits)`);
    }
    return { name, url, sha256, sizeBytes: entry?.sizeBytes, entry };
  }
  if (!entry?.sha256) {
    throw new DownloadError(
      'no-checksum',
      `No SHA-256 is on record for ${name}, and Hearken does not install a model it cannot verify. ` +
        `Find the archive's SHA-256 from a source you trust, then run ${downloadCommand(name)} --sha256 <hex>, ` +
        `or add {"${name}": {"sha256": "<hex>"}} to ${LOCAL_OVERRIDES_FILE} in the models folder.`,
    );
  }
  return { name, url, sha256: entry.sha256, sizeBytes: entry.sizeBytes, entry };
}

/** Reads checksums.local.json's content; a malformed file is an error, not silently ignored. */
export function parseLocalOverrides(json: string, source: string): Record<string, LocalOverride> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch (error) {
    throw new Error(`${source} is not valid JSON: ${(error as Error).message}`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new Error(
      `${source} must be an object of {"<model name>": {"sha256": "<hex>", "url": "<optional>"}}`,
    );
  }
  const out: Record<string, LocalOverride> = {};
  for (const [name, value] of Object.entries(data)) {
    if (typeof value === 'string') out[name] = { sha256: value };
    else if (typeof value === 'object' && value !== null) {
      const { sha256, url } = value as Record<string, unknown>;
      out[name] = {
        ...(typeof sha256 === 'string' ? { sha256 } : {}),
        ...(typeof url === 'string' ? { url } : {}),
      };
    } else throw new Error(`${source}: the entry for "${name}" must be an object or a SHA-256 string`);
  }
  return out;
}
