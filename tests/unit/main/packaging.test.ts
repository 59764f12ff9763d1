import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { ignoredInPackage, koffiPlatformPackage, sherpaPlatformPackage } from '../../../src/main/packaging';

describe('what the packaged app contains', () => {
  it.each([
    ['/.vite', false],
    ['/.vite/build/main.cjs', false],
    ['/.vite/renderer/main_window/index.html', false],
    ['/package.json', false],
    ['/node_modules', false],
    ['/node_modules/koffi/index.cjs', false],
    ['/node_modules/@koromix', false],
    ['/node_modules/@koromix/koffi-linux-x64/linux_x64/koffi.node', false],
    ['/node_modules/@koromix/koffi-win32-x64/win32_x64/koffi.node', true],
    ['/node_modules/@koromix/other/x.js', true],
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

/** Every file under `dir`, as packager names it (relative to the project, starting with "/"). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [`/${relative(process.cwd(), path)}`];
  });
}

describe('the speech addons of this machine in the package', () => {
  it('keeps every native binary koffi can load here, and the folders leading to it', () => {
    const platformPackage = koffiPlatformPackage(process.platform, process.arch);
    // Where the installed koffi finds its binary: the platform package next to it.
    const dir = join(createRequire(import.meta.url).resolve('koffi'), '../..', platformPackage);
    const binaries = filesUnder(dir).filter((f) => f.endsWith('.node'));
    expect(binaries.length).toBeGreaterThan(0);
    for (const file of binaries) {
      const parts = file.split('/');
      for (let i = 2; i <= parts.length; i++) {
        const path = parts.slice(0, i).join('/');
        expect(ignoredInPackage(path, process.platform, process.arch), path).toBe(false);
      }
    }
  });
});
