/**
 * A PGlite data folder that is initialised and migrated once per integration run, copied into
 * each new test server's data folder. Creating a PGlite cluster (its initdb) is most of what a
 * test server's start costs (about 5 s on a quiet 2-core machine, over 15 s on a busy one); a
 * copy of an already created one takes a fraction of a second and holds exactly what the server
 * would have made (the template is made by the server's own `openDatabase`, every migration run).
 * Opening a copy still runs the migrator, as every restart of a server does.
 *
 * The template is made by tests/setup/database-template.ts (the integration project's global
 * setup) and handed to the test files with vitest's provide/inject. Run any other way (no
 * template provided), servers create their database as before.
 */
import { cpSync, existsSync } from 'node:fs';
import { inject } from 'vitest';
import { pgliteDir } from '../setup/database-template';

/**
 * Gives `dataDir` a migrated, empty PGlite database, copied from the run's template, unless it
 * already has a database or no template was made. Returns whether it copied one.
 */
export function seedDatabase(dataDir: string): boolean {
  let template: string | undefined;
  try {
    template = inject('pgliteTemplate');
  } catch {
    // Not inside a vitest worker (a script importing the helpers).
    return false;
  }
  const target = pgliteDir(dataDir);
  if (!template || existsSync(target)) return false;
  cpSync(template, target, { recursive: true });
  return true;
}
