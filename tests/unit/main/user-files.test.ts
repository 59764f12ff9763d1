import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { autostartFiles, autostartPath, tokenFiles } from '../../../src/main/user-files';

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), 'hearken-files-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('tokenFiles', () => {
  it('writes the token readable by this user only, creating the folder', async () => {
    const file = join(dir, 'userData', 'desktop-token.bin');
    await tokenFiles.write(file, Buffer.from('sealed'));
    expect(readFileSync(file, 'utf8')).toBe('sealed');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect((await tokenFiles.read(file))?.toString()).toBe('sealed');
  });

  it('reads nothing, and removes without failing, when there is no file', async () => {
    const file = join(dir, 'none.bin');
    await expect(tokenFiles.read(file)).resolves.toBeUndefined();
    await expect(tokenFiles.remove(file)).resolves.toBeUndefined();
  });
});

describe('autostartFiles', () => {
  it('writes, finds and removes the autostart entry', async () => {
    const file = join(dir, 'autostart', 'hearken.desktop');
    await expect(autostartFiles.exists(file)).resolves.toBe(false);
    await autostartFiles.write(file, '[Desktop Entry]\n');
    await expect(autostartFiles.exists(file)).resolves.toBe(true);
    await autostartFiles.remove(file);
    expect(existsSync(file)).toBe(false);
    await expect(autostartFiles.remove(file)).resolves.toBeUndefined();
  });
});

describe('autostartPath', () => {
  it('follows XDG_CONFIG_HOME, else ~/.config', () => {
    expect(autostartPath({ XDG_CONFIG_HOME: '/x/config' }, '/home/ann')).toBe(
      '/x/config/autostart/hearken.desktop',
    );
    expect(autostartPath({}, '/home/ann')).toBe('/home/ann/.config/autostart/hearken.desktop');
  });
});
