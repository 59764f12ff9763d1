/**
 * The custom token of a desktop sign-in, kept until the renderer has signed in with it. It is
 * encrypted with Electron's safeStorage (the platform keychain: Keychain, DPAPI, libsecret or
 * kwallet) in a file of the user data folder. Where safeStorage has no real key (Linux without
 * a secret service falls back to a hard-coded password, "basic_text"), the token is kept in
 * memory only: never written where another program could read it.
 */
import { isCustomTokenShape } from '../shared/desktop';

export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron. */
  getSelectedStorageBackend?(): string;
}

export interface TokenFiles {
  read(path: string): Promise<Buffer | undefined>;
  /** Written so only the user can read it (mode 0600). */
  write(path: string, data: Buffer): Promise<void>;
  remove(path: string): Promise<void>;
}

/** Firebase custom tokens expire one hour after they are minted. */
export const CUSTOM_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

interface Stored {
  customToken: string;
  receivedAtMs: number;
}

export type SaveOutcome = 'encrypted' | 'memory-only';

export class TokenStore {
  private memory: Stored | undefined;

  constructor(
    private readonly safeStorage: SafeStorageLike,
    private readonly files: TokenFiles,
    private readonly path: string,
    private readonly platform: string,
    private readonly now: () => number,
  ) {}

  /** True when safeStorage really encrypts on this machine. */
  canEncrypt(): boolean {
    if (!this.safeStorage.isEncryptionAvailable()) return false;
    if (this.platform === 'linux') {
      const backend = this.safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
      return backend !== 'basic_text' && backend !== 'unknown';
    }
    return true;
  }

  async save(customToken: string): Promise<SaveOutcome> {
    if (!isCustomTokenShape(customToken)) throw new Error('not a custom token');
    const stored: Stored = { customToken, receivedAtMs: this.now() };
    this.memory = stored;
    if (!this.canEncrypt()) {
      await this.files.remove(this.path);
      return 'memory-only';
    }
    await this.files.write(this.path, this.safeStorage.encryptString(JSON.stringify(stored)));
    return 'encrypted';
  }

  /** The waiting token, unless it is too old to sign in with (then it is removed). */
  async load(): Promise<string | undefined> {
    const stored = this.memory ?? (await this.readFile());
    if (!stored) return undefined;
    if (
      this.now() - stored.receivedAtMs >= CUSTOM_TOKEN_LIFETIME_MS ||
      stored.receivedAtMs > this.now() + 60_000
    ) {
      await this.clear();
      return undefined;
    }
    this.memory = stored;
    return stored.customToken;
  }

  async clear(): Promise<void> {
    this.memory = undefined;
    await this.files.remove(this.path);
  }

  private async readFile(): Promise<Stored | undefined> {
    if (!this.canEncrypt()) return undefined;
    const data = await this.files.read(this.path);
    if (!data) return undefined;
    try {
      const parsed = JSON.parse(this.safeStorage.decryptString(data)) as Partial<Stored>;
      if (
        typeof parsed.customToken === 'string' &&
        isCustomTokenShape(parsed.customToken) &&
        typeof parsed.receivedAtMs === 'number'
      )
        return { customToken: parsed.customToken, receivedAtMs: parsed.receivedAtMs };
    } catch {
      // Encrypted under another key (a restored backup, a new keychain): unusable.
    }
    await this.files.remove(this.path);
    return undefined;
  }
}
