/**
 * The integration project's global setup: creates and migrates one PGlite database with the
 * server's own `openDatabase`, closes it, and provides its folder to the test files, which copy
 * it into each new server's data folder (tests/helpers/database-template.ts). Removed at the end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/connect';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Folder of a closed, migrated PGlite cluster; absent when the run made none. */
    pgliteTemplate?: string;
  }
}

/** Where a data folder keeps its PGlite cluster (as src/server/db/connect.ts opens it). */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pgdata');
}

export default async function setup(project: TestProject): Promise<() => void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearken-pglite-template-'));
  const database = await openDatabase({ dataDir });
  await database.close();
  project.provide('pgliteTemplate', pgliteDir(dataDir));
  return () => rmSync(dataDir, { recursive: true, force: true });
}
