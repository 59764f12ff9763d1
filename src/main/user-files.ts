/**
 * The files main writes itself, outside the settings store: the sign-in token (token-store.ts),
 * readable by this user only, and the Linux autostart entry (login-item.ts), where the
 * freedesktop specification says to put it.
 */
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AutostartFiles } from './login-item';
import type { TokenFiles } from './token-store';

export const tokenFiles: TokenFiles = {
  read: (p) => readFile(p).catch(() => undefined),
  write: async (p, data) => {
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, data, { mode: 0o600 });
  },
  remove: (p) => rm(p, { force: true }),
};

export const autostartFiles: AutostartFiles = {
  write: async (p, text) => {
    await mkdir(dirname(p), { recursive: true });
    await writeFile(p, text);
  },
  remove: (p) => rm(p, { force: true }),
  exists: (p) =>
    stat(p).then(
      () => true,
      () => false,
    ),
};

/** `$XDG_CONFIG_HOME/autostart/hearken.desktop`, `~/.config` when the variable is unset. */
export function autostartPath(env: Readonly<Record<string, string | undefined>>, home: string): string {
  return join(env.XDG_CONFIG_HOME ?? join(home, '.config'), 'autostart', 'hearken.desktop');
}
