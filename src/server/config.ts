/**
 * Server configuration from the environment, with embedded defaults that run on a fresh
 * machine: PGlite in ./data, models in ./models, the bundled Silero VAD, port 8080.
 */
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseEngineSettings, resolveTiers, type Tier } from '../native/speech/tiers';
import type { EngineSpec } from '../native/speech/types';

export interface ServerConfig {
  host: string;
  port: number;
  /** Origin used in room links; when unset, the origin the host's browser used. */
  publicUrl?: string;
  dataDir: string;
  databaseUrl?: string;
  modelsDir: string;
  vadModel: string;
  speechWorkers: number;
  /** Decoders created ahead per worker and engine, so new streams start at once. */
  warmDecoders: number;
  tiers: Record<Tier, EngineSpec[]>;
  /** The built web client (dist/web); not served when absent. */
  webDir: string;
  logLevel: string;
}

/** The repository (or installed package) root: two levels above both src/server and dist/server. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
  return n;
}

function withDefined<K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, V>);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const root = packageRoot();
  const modelsDir = resolve(env.HEARKEN_MODELS_DIR ?? join(root, 'models'));
  const vadModel = resolve(
    env.HEARKEN_VAD_MODEL ?? join(root, 'resources/models/silero-vad/silero_vad.onnx'),
  );
  const workers = int(env.HEARKEN_SPEECH_WORKERS, availableParallelism(), 'HEARKEN_SPEECH_WORKERS');
  return {
    host: env.HEARKEN_HOST ?? '127.0.0.1',
    port: int(env.HEARKEN_PORT ?? env.PORT, 8080, 'HEARKEN_PORT'),
    ...(env.HEARKEN_PUBLIC_URL ? { publicUrl: env.HEARKEN_PUBLIC_URL.replace(/\/+$/, '') } : {}),
    dataDir: env.HEARKEN_DATA_DIR ?? join(root, 'data'),
    ...(env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL } : {}),
    modelsDir,
    vadModel,
    speechWorkers: Math.max(1, workers),
    warmDecoders: int(env.HEARKEN_WARM_DECODERS, 1, 'HEARKEN_WARM_DECODERS'),
    tiers: resolveTiers({
      modelsDir,
      vadModel,
      ...withDefined('pocketsphinxArgs', parseEngineSettings(env.HEARKEN_POCKETSPHINX_ARGS)),
      configured: {
        ...(env.HEARKEN_TIER_BASIC ? { basic: env.HEARKEN_TIER_BASIC } : {}),
        ...(env.HEARKEN_TIER_PREMIUM ? { premium: env.HEARKEN_TIER_PREMIUM } : {}),
      },
    }),
    webDir: resolve(env.HEARKEN_WEB_DIR ?? join(root, 'dist/web')),
    logLevel: env.HEARKEN_LOG_LEVEL ?? 'info',
  };
}
