/**
 * No import cycles among the server's files (scripts/lib/import-cycles.ts says why), and the
 * finder does find one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importCycles } from '../../../scripts/lib/import-cycles';

describe('import cycles', () => {
  it('finds a cycle through an index, and not one made of type imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(join(dir, 'b.ts'), "export { a as b } from './index';\n");
      writeFileSync(join(dir, 'index.ts'), "export { a } from './a';\n");
      writeFileSync(join(dir, 'c.ts'), "import type { d } from './d';\nexport type c = d;\n");
      writeFileSync(join(dir, 'd.ts'), "import { type c } from './c';\nexport type d = c;\n");
      expect(importCycles(dir)).toEqual([['a.ts', 'b.ts', 'index.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has none in src/server', () => {
    expect(importCycles(fileURLToPath(new URL('../../../src/server', import.meta.url)))).toEqual([]);
  });
});
