/**
 * Where the server's package is and its version: read by config and by features that ship
 * files with the package (Scribe training), without importing all of config (and through it
 * every feature's settings).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository (or installed package) root: two levels above both src/server and dist/server. */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 4; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  return process.cwd();
}

/** This server's version (package.json), for GET /api/v1/config and the OpenAPI document. */
export function packageVersion(): string {
  try {
    return (JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')) as { version: string })
      .version;
  } catch {
    // An unusual install (a bundle without its package.json) still serves; it only says 0.0.0.
    return '0.0.0';
  }
}
