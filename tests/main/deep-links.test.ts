import { describe, expect, it, vi } from 'vitest';
import { DeepLinkReceiver, registerProtocolClient } from '../../src/main/deep-links';
import {
  CUSTOM_TOKEN_LIFETIME_MS,
  type SafeStorageLike,
  type TokenFiles,
  TokenStore,
} from '../../src/main/token-store';
import { desktopLoginDeepLink } from '../../src/shared/desktop';

const TOKEN = 'eyJhbGciOiJub25lIn0.eyJ1aWQiOiJ1c2VyLTEifQ.';

/** safeStorage stand-in: "encrypts" by XOR and a marker, so a plain-text token is never on disk. */
function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): SafeStorageLike {
  const key = 0x5a;
  return {
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (s) =>
      Buffer.concat([Buffer.from('ENC:'), Buffer.from(Buffer.from(s).map((b) => b ^ key))]),
    decryptString: (b) => {
      if (b.subarray(0, 4).toString() !== 'ENC:') throw new Error('Error while decrypting the ciphertext');
      return Buffer.from(b.subarray(4).map((x) => x ^ key)).toString();
    },
    ...(options.backend ? { getSelectedStorageBackend: () => options.backend! } : {}),
  };
}

function memoryFiles() {
  const data = new Map<string, Buffer>();
  const files: TokenFiles = {
    read: async (p) => data.get(p),
    write: async (p, b) => void data.set(p, b),
    remove: async (p) => void data.delete(p),
  };
  return { data, files };
}

const PATH = '/home/u/.config/Hearken/desktop-token.bin';

describe('TokenStore', () => {
  it('keeps the token encrypted on disk and reads it back after a restart', async () => {
    const { data, files } = memoryFiles();
    let now = 1_000_000;
    const store = new TokenStore(fakeSafeStorage(), files, PATH, 'darwin', () => now);
    expect(await store.save(TOKEN)).toBe('encrypted');
    expect(data.get(PATH)!.toString()).not.toContain(TOKEN);
    const restarted = new TokenStore(fakeSafeStorage(), files, PATH, 'darwin', () => now);
    now += 1000;
    expect(await restarted.load()).toBe(TOKEN);
  });

  it('drops a token older than the custom token lifetime', async () => {
    const { data, files } = memoryFiles();
    let now = 0;
    const store = new TokenStore(fakeSafeStorage(), files, PATH, 'win32', () => now);
    await store.save(TOKEN);
    now = CUSTOM_TOKEN_LIFETIME_MS;
    expect(await store.load()).toBeUndefined();
    expect(data.has(PATH)).toBe(false);
  });

  it.each([
    ['safeStorage unavailable', { available: false }, 'linux'],
    ['Linux without a secret service (basic_text)', { backend: 'basic_text' }, 'linux'],
  ])('keeps it in memory only when %s', async (_name, options, platform) => {
    const { data, files } = memoryFiles();
    const store = new TokenStore(fakeSafeStorage(options), files, PATH, platform, () => 5);
    expect(await store.save(TOKEN)).toBe('memory-only');
    expect(data.size).toBe(0);
    expect(await store.load()).toBe(TOKEN);
  });

  it('encrypts on Linux with a real keyring', async () => {
    const { files } = memoryFiles();
    const store = new TokenStore(
      fakeSafeStorage({ backend: 'gnome_libsecret' }),
      files,
      PATH,
      'linux',
      () => 5,
    );
    expect(await store.save(TOKEN)).toBe('encrypted');
  });

  it('removes a file it cannot decrypt', async () => {
    const { data, files } = memoryFiles();
    data.set(PATH, Buffer.from('garbage'));
    const store = new TokenStore(fakeSafeStorage(), files, PATH, 'darwin', () => 5);
    expect(await store.load()).toBeUndefined();
    expect(data.has(PATH)).toBe(false);
  });

  it('refuses to store something that is not a token, and clears', async () => {
    const { data, files } = memoryFiles();
    const store = new TokenStore(fakeSafeStorage(), files, PATH, 'darwin', () => 5);
    await expect(store.save('hello')).rejects.toThrow(/not a custom token/);
    await store.save(TOKEN);
    await store.clear();
    expect(data.size).toBe(0);
    expect(await store.load()).toBeUndefined();
  });
});

describe('DeepLinkReceiver', () => {
  function receiver(save = vi.fn(async () => 'encrypted' as const)) {
    const deps = { saveToken: save, deliverToken: vi.fn(), showMainWindow: vi.fn(), log: vi.fn() };
    return { deps, r: new DeepLinkReceiver(deps) };
  }

  it('stores, delivers and shows the app for a login link', async () => {
    const { deps, r } = receiver();
    expect(await r.handleUrl(desktopLoginDeepLink(TOKEN))).toEqual({ ok: true, stored: 'encrypted' });
    expect(deps.saveToken).toHaveBeenCalledWith(TOKEN);
    expect(deps.deliverToken).toHaveBeenCalledWith(TOKEN);
    expect(deps.showMainWindow).toHaveBeenCalled();
  });

  it('finds the link in a second launch command line (Windows, Linux)', async () => {
    const { deps, r } = receiver();
    const outcome = await r.handleArgv(['C:\\Hearken\\Hearken.exe', '--', desktopLoginDeepLink(TOKEN)]);
    expect(outcome).toEqual({ ok: true, stored: 'encrypted' });
    expect(await r.handleArgv(['C:\\Hearken\\Hearken.exe'])).toBeUndefined();
    expect(deps.deliverToken).toHaveBeenCalledTimes(1);
  });

  it('ignores a bad link without logging its contents', async () => {
    const { deps, r } = receiver();
    expect(await r.handleUrl('hearken://login?customToken=secret-but-malformed')).toEqual({
      ok: false,
      problem: 'invalid-token',
    });
    expect(deps.deliverToken).not.toHaveBeenCalled();
    expect(JSON.stringify(deps.log.mock.calls)).not.toContain('secret-but-malformed');
  });

  it('reports a failed save and delivers nothing', async () => {
    const { deps, r } = receiver(vi.fn(async () => Promise.reject(new Error('disk full'))));
    expect(await r.handleUrl(desktopLoginDeepLink(TOKEN))).toEqual({ ok: false, problem: 'save-failed' });
    expect(deps.deliverToken).not.toHaveBeenCalled();
  });
});

describe('registerProtocolClient', () => {
  it('registers the scheme, with the script path in development', () => {
    const app = { setAsDefaultProtocolClient: vi.fn(() => true) };
    registerProtocolClient(app, { defaultApp: false, execPath: '/opt/Hearken/hearken', appPath: undefined });
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('hearken');
    registerProtocolClient(app, { defaultApp: true, execPath: '/usr/bin/electron', appPath: '/work/main' });
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('hearken', '/usr/bin/electron', [
      '/work/main',
    ]);
  });
});
