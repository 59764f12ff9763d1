/**
 * Where the Electron binary is, without `require('electron')`: electron 45's index.js downloads
 * the binary when it is missing, and these machines have no internet. The npm package keeps the
 * binary's path (relative to its dist folder) in path.txt once it is installed;
 * ELECTRON_OVERRIDE_DIST_PATH points at a binary installed elsewhere.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PACKAGE = join('node_modules', 'electron');

export function findElectronBinary(): { path?: string; why: string } {
  const pathFile = join(PACKAGE, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : undefined;
  const override = process.env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const path = join(override, relative ?? 'electron');
    return existsSync(path)
      ? { path, why: '' }
      : { why: `ELECTRON_OVERRIDE_DIST_PATH is set but ${path} does not exist` };
  }
  if (!relative)
    return {
      why: `no Electron binary: ${pathFile} is missing (ELECTRON_SKIP_BINARY_DOWNLOAD, or no internet to download it)`,
    };
  const path = join(PACKAGE, 'dist', relative);
  return existsSync(path) ? { path, why: '' } : { why: `no Electron binary at ${path}` };
}

/** Electron on Linux needs a display server (run the tests under xvfb-run where there is none). */
export function displayProblem(): string | undefined {
  if (process.platform !== 'linux') return undefined;
  return process.env.DISPLAY || process.env.WAYLAND_DISPLAY
    ? undefined
    : 'no display server (DISPLAY is unset): run the end-to-end tests under xvfb-run to include Electron';
}
