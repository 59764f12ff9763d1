/**
 * Which engine serves each caption tier. A tier is configured as `pocketsphinx`,
 * `pocketsphinx:<model dir>`, `sherpa-onnx` (its default model) or `sherpa-onnx:<model name>`.
 * Unconfigured, a tier gets the best local engine available: an installed sherpa-onnx model
 * meant for it, then any installed one, then PocketSphinx. A configured sherpa-onnx model falls
 * back to PocketSphinx when it cannot load.
 */
import { DEFAULT_SHERPA_MODEL, MODEL_REGISTRY } from './models/registry';
import { modelInstallState } from './models/installed';
import type { EngineSpec } from './types';

export type Tier = 'basic' | 'premium';
export const TIERS: readonly Tier[] = ['basic', 'premium'];

export interface TierSettings {
  modelsDir: string;
  vadModel: string;
  /** PocketSphinx decoder arguments applied wherever PocketSphinx serves (HEARKEN_POCKETSPHINX_ARGS). */
  pocketsphinxArgs?: Record<string, string>;
  /** Explicit engine per tier, e.g. from HEARKEN_TIER_BASIC. */
  configured: Partial<Record<Tier, string>>;
}

export function parseEngineSpec(value: string, modelsDir: string, vadModel: string): EngineSpec {
  const [kind, ...rest] = value.trim().split(':');
  const model = rest.join(':') || undefined;
  if (kind === 'pocketsphinx') return { kind, modelsDir, vadModel, ...(model ? { model } : {}) };
  if (kind === 'sherpa-onnx') return { kind, modelsDir, vadModel, model: model ?? DEFAULT_SHERPA_MODEL };
  throw new Error(
    `unknown speech engine "${value}": use pocketsphinx, pocketsphinx:<model dir> or sherpa-onnx:<model name>`,
  );
}

/**
 * How a tier's engine was chosen: named by configuration (HEARKEN_TIER_*), the operator's
 * choice; or left to the best engine installed, where PocketSphinx serving means no more
 * accurate model is installed (or none loaded): a fallback readers are told of
 * (server/speech/serving.ts).
 */
export type TierChoice = 'configured' | 'best-installed';

export function tierChoices(configured: TierSettings['configured']): Record<Tier, TierChoice> {
  return Object.fromEntries(
    TIERS.map((tier) => [tier, configured[tier] ? 'configured' : 'best-installed']),
  ) as Record<Tier, TierChoice>;
}

/** Installed registry models, best first for `tier`. */
export function installedModelsFor(tier: Tier, modelsDir: string): string[] {
  const installed = MODEL_REGISTRY.filter(
    (m) => m.engine === 'sherpa-onnx' && modelInstallState(modelsDir, m.name).installed,
  );
  return [...installed.filter((m) => m.tier === tier), ...installed.filter((m) => m.tier !== tier)].map(
    (m) => m.name,
  );
}

/** Parses `beam=1e-60,lw=7` into decoder arguments. */
export function parseEngineSettings(value: string | undefined): Record<string, string> | undefined {
  if (!value?.trim()) return undefined;
  const out: Record<string, string> = {};
  for (const pair of value.split(',')) {
    const [key, ...rest] = pair.split('=');
    const k = key?.trim().replace(/^-/, '');
    if (!k || rest.length === 0) throw new Error(`engine setting "${pair}" must look like name=value`);
    out[k] = rest.join('=').trim();
  }
  return out;
}

export function resolveTiers(settings: TierSettings): Record<Tier, EngineSpec[]> {
  const { modelsDir, vadModel, configured } = settings;
  const withArgs = (spec: EngineSpec): EngineSpec =>
    spec.kind === 'pocketsphinx' && settings.pocketsphinxArgs
      ? { ...spec, settings: settings.pocketsphinxArgs }
      : spec;
  const out = {} as Record<Tier, EngineSpec[]>;
  for (const tier of TIERS) {
    const explicit = configured[tier];
    if (explicit) {
      const spec = withArgs(parseEngineSpec(explicit, modelsDir, vadModel));
      // A configured sherpa-onnx model that is missing (or fails to load) leaves the tier on
      // PocketSphinx rather than without captions; the skipped model is reported, and the web
      // app tells readers the lower-accuracy engine is serving (speech/serving.ts).
      out[tier] =
        spec.kind === 'sherpa-onnx'
          ? [spec, withArgs({ kind: 'pocketsphinx', modelsDir, vadModel })]
          : [spec];
      continue;
    }
    out[tier] = [
      ...installedModelsFor(tier, modelsDir).map((model): EngineSpec => ({
        kind: 'sherpa-onnx',
        model,
        modelsDir,
        vadModel,
      })),
      withArgs({ kind: 'pocketsphinx', modelsDir, vadModel }),
    ];
  }
  return out;
}
