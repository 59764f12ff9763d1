import { describe, expect, it } from 'vitest';
import { ignoredInPackage, sherpaPlatformPackage } from '../../../src/main/packaging';

describe('what the packaged app contains', () => {
  it.each([
    ['/.vite', false],
    ['/.vite/build/main.cjs', false],
    ['/.vite/renderer/main_window/index.html', false],
    ['/package.json', false],
    ['/node_modules', false],
    ['/node_modules/koffi/build/koffi/linux_x64/koffi.node', false],
    ['/node_modules/sherpa-onnx-node/sherpa-onnx.js', false],
    ['/node_modules/sherpa-onnx-linux-x64/libsherpa-onnx-c-api.so', false],
    // Everything else of the project stays out.
    ['/src/main/main.ts', true],
    ['/node_modules/react/index.js', true],
    ['/node_modules/electron/dist/electron', true],
    ['/node_modules/sherpa-onnx-darwin-arm64/x.dylib', true],
    ['/node_modules/koffi-evil/x.js', true],
    ['/data/pglite', true],
    ['/models/big-model.onnx', true],
    ['/test-results/x', true],
  ])('%s ignored: %s', (path, ignored) => {
    expect(ignoredInPackage(path, 'linux', 'x64')).toBe(ignored);
  });

  it('names the platform library package of each platform', () => {
    expect(sherpaPlatformPackage('win32', 'x64')).toBe('sherpa-onnx-win-x64');
    expect(sherpaPlatformPackage('darwin', 'arm64')).toBe('sherpa-onnx-darwin-arm64');
    expect(ignoredInPackage('/node_modules/sherpa-onnx-darwin-arm64/x.dylib', 'darwin', 'arm64')).toBe(false);
  });
});
