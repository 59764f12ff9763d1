import { describe, expect, it, vi } from 'vitest';
import { EngineUnavailableError } from '../../../../../src/native/speech/types';

// A machine where the native addon is missing: every require of it fails as Node's would.
vi.mock('node:module', () => ({
  createRequire: () => (id: string) => {
    throw new Error(`Cannot find module '${id}'\nRequire stack:\n- somewhere`);
  },
}));

describe('loadSherpaOnnx', () => {
  it('turns a failed load into EngineUnavailableError naming the package and npm install', async () => {
    const { loadSherpaOnnx } = await import('../../../../../src/native/speech/sherpa-onnx/binding');
    let caught: unknown;
    try {
      loadSherpaOnnx();
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EngineUnavailableError);
    const error = caught as EngineUnavailableError;
    expect(error.installCommand).toBe('npm install');
    expect(error.message).toContain('sherpa-onnx-node');
    expect(error.message).toContain("Cannot find module 'sherpa-onnx-node'");
    expect(error.message).not.toContain('Require stack');
  });
});
