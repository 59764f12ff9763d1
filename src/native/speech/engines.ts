/**
 * Builds an engine from its serializable spec. Runs inside a speech worker (thread or boost host).
 */
import { PocketSphinxEngine } from './pocketsphinx/engine';
import { EngineUnavailableError, type EngineSpec, type SpeechEngine } from './types';

export function defaultVadModel(spec: EngineSpec): string {
  if (spec.vadModel) return spec.vadModel;
  throw new EngineUnavailableError(
    'No Silero VAD model configured',
    'set HEARKEN_VAD_MODEL to silero_vad.onnx',
  );
}

export interface CreateEngineOptions {
  /**
   * Whether a PocketSphinx engine applies boost lists: only in the boost host process
   * (boost-host.ts), never in a worker thread of the server.
   */
  pocketsphinxBoost?: boolean;
}

export async function createEngine(
  spec: EngineSpec,
  options: CreateEngineOptions = {},
): Promise<SpeechEngine> {
  switch (spec.kind) {
    case 'pocketsphinx':
      return new PocketSphinxEngine({
        vadModel: defaultVadModel(spec),
        ...(spec.model ? { modelDir: spec.model } : {}),
        ...(spec.settings ? { decoderArgs: spec.settings } : {}),
        boostEnabled: options.pocketsphinxBoost === true,
      });
    case 'sherpa-onnx': {
      const { createSherpaOnnxEngine } = await import('./sherpa-onnx/index');
      return createSherpaOnnxEngine(spec);
    }
  }
}
