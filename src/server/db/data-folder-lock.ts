/**
 * The embedded database (PGlite) is one process's: a second process that opens the same data
 * folder works on a copy the running server overwrites, so what it writes is lost without a
 * word. A running server says so in its data folder (its pid and address, in `server.lock`);
 * the operators' command-line tools read it and refuse, saying what to do, instead.
 * PostgreSQL (DATABASE_URL) is shared by design: no lock.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER_LOCK_FILE = 'server.lock';

export interface ServerLock {
  pid: number;
  url: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Written once the server listens; returns what removes it again (at shutdown). */
export function writeServerLock(dataDir: string, url: string): () => void {
  const path = join(dataDir, SERVER_LOCK_FILE);
  const lock: ServerLock = { pid: process.pid, url };
  writeFileSync(path, `${JSON.stringify(lock)}\n`);
  return () => {
    // Only our own: a server started since in this folder keeps its lock.
    if (readServerLock(dataDir)?.pid === process.pid) rmSync(path, { force: true });
  };
}

/** The server running in this data folder, if any (a lock left by a process that died is none). */
export function readServerLock(dataDir: string): ServerLock | undefined {
  let lock: Partial<ServerLock>;
  try {
    lock = JSON.parse(readFileSync(join(dataDir, SERVER_LOCK_FILE), 'utf8')) as Partial<ServerLock>;
  } catch {
    return undefined;
  }
  if (typeof lock.pid !== 'number' || !Number.isInteger(lock.pid) || lock.pid <= 0) return undefined;
  if (!isAlive(lock.pid)) return undefined;
  return { pid: lock.pid, url: typeof lock.url === 'string' ? lock.url : '' };
}
