import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { autostartFiles, privateFiles } from '../../../src/main/node-files';

const dirs: string[] = [];
const dir = () => {
  const d = mkdtempSync(join(tmpdir(), 'hearken-files-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('privateFiles', () => {
  it('writes a secret only this user can read, in a folder made for it, and removes it', async () => {
    const path = join(dir(), 'nested', 'token.bin');
    await privateFiles.write(path, Buffer.from('secret'));
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect((await privateFiles.read(path))?.toString()).toBe('secret');
    await privateFiles.remove(path);
    expect(await privateFiles.read(path)).toBeUndefined();
    await expect(privateFiles.remove(path)).resolves.toBeUndefined();
  });
});

describe('autostartFiles', () => {
  it('writes, finds and removes the autostart entry', async () => {
    const path = join(dir(), 'autostart', 'hearken.desktop');
    expect(await autostartFiles.exists(path)).toBe(false);
    await autostartFiles.write(path, '[Desktop Entry]\n');
    expect(await autostartFiles.exists(path)).toBe(true);
    await autostartFiles.remove(path);
    expect(await autostartFiles.exists(path)).toBe(false);
  });
});
