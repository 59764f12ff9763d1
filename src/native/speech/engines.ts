/**
 * Builds an engine from its serializable spec. Runs inside a speech worker thread.
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

export async function createEngine(spec: EngineSpec): Promise<SpeechEngine> {
  switch (spec.kind) {
    case 'pocketsphinx':
      return new PocketSphinxEngine({
        vadModel: defaultVadModel(spec),
        ...(spec.model ? { modelDir: spec.model } : {}),
        ...(spec.settings ? { decoderArgs: spec.settings } : {}),
        // Off unless asked for: see PocketSphinxOptions.boostEnabled.
        boostEnabled: process.env.HEARKEN_POCKETSPHINX_BOOST === '1',
      });
    case 'sherpa-onnx': {
      const { createSherpaOnnxEngine } = await import('./sherpa-onnx/index');
      return createSherpaOnnxEngine(spec);
    }
  }
}
