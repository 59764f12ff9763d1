/**
 * The file operations main's modules take as arguments (token-store.ts, login-item.ts), done
 * with Node's fs. Kept apart so those modules are tested with in-memory files.
 */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AutostartFiles } from './login-item';
import type { TokenFiles } from './token-store';

async function writeCreatingFolder(path: string, data: string | Buffer, mode?: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, data, mode === undefined ? {} : { mode });
}

/** Secrets: readable by this user only. */
export const privateFiles: TokenFiles = {
  read: (path) => readFile(path).catch(() => undefined),
  write: (path, data) => writeCreatingFolder(path, data, 0o600),
  remove: (path) => rm(path, { force: true }),
};

export const autostartFiles: AutostartFiles = {
  write: (path, text) => writeCreatingFolder(path, text),
  remove: (path) => rm(path, { force: true }),
  exists: (path) =>
    stat(path).then(
      () => true,
      () => false,
    ),
};
