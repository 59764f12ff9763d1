/** Fakes and helpers shared by the tests split from one file. */
import { type SafeStorageLike, type TokenFiles } from '../../src/main/token-store';

export const TOKEN = 'eyJhbGciOiJub25lIn0.eyJ1aWQiOiJ1c2VyLTEifQ.';

/** safeStorage stand-in: "encrypts" by XOR and a marker, so a plain-text token is never on disk. */
export function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): SafeStorageLike {
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

export function memoryFiles() {
  const data = new Map<string, Buffer>();
  const files: TokenFiles = {
    read: async (p) => data.get(p),
    write: async (p, b) => void data.set(p, b),
    remove: async (p) => void data.delete(p),
  };
  return { data, files };
}

export const PATH = '/home/u/.config/Hearken/desktop-token.bin';

export const SERVER = 'https://captions.example.org';
export const USER_1 = { uid: 'user-1', label: 'user-1' };

/** An unsigned token of the shape the Auth emulator mints, with the given payload. */
export function tokenFor(payload: object): string {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}
