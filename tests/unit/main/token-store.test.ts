import { describe, expect, it } from 'vitest';
import { CUSTOM_TOKEN_LIFETIME_MS, TokenStore } from '../../../src/main/token-store';
import { TOKEN, fakeSafeStorage, memoryFiles, PATH } from '../../helpers/deep-links';

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
