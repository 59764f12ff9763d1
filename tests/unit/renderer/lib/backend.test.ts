/** Small pure parts of the accounts area in the renderer. */
import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../../src/shared/constants';
import { chooseBackend, socketUrlForBackend } from '../../../../src/renderer/lib/backend';
import { memoryStorage } from '../../../../src/renderer/lib/storage';

describe('backend choice (the endpoint query parameter)', () => {
  it('switches to, and remembers, a backend of the product domain only', () => {
    const storage = memoryStorage();
    expect(chooseBackend('?endpoint=https%3A%2F%2Fapi.hearken.app', storage, 'https://hearken.app')).toBe(
      'https://api.hearken.app',
    );
    expect(storage.get(STORAGE_KEYS.avaBackendUrl)).toBe('https://api.hearken.app');
    // Remembered on the next visit, without the parameter.
    expect(chooseBackend('', storage, 'https://hearken.app')).toBe('https://api.hearken.app');
    // A foreign endpoint is ignored, and does not replace the remembered one.
    expect(chooseBackend('?endpoint=https%3A%2F%2Fevil.example', storage, 'https://hearken.app')).toBe(
      'https://api.hearken.app',
    );
    expect(storage.get(STORAGE_KEYS.avaBackendUrl)).toBe('https://api.hearken.app');
  });

  it("uses the page's own server by default, and when the endpoint is the page itself", () => {
    expect(
      chooseBackend('?endpoint=http%3A%2F%2F127.0.0.1%3A8080', memoryStorage(), 'http://127.0.0.1:8080'),
    ).toBe('');
    expect(chooseBackend('?endpoint=https%3A%2F%2Fhearken.app', memoryStorage(), 'https://hearken.app')).toBe(
      '',
    );
    expect(
      chooseBackend('', memoryStorage({ [STORAGE_KEYS.avaBackendUrl]: 'https://evil.example' }), 'x'),
    ).toBe('');
  });

  it('reaches the socket of the chosen backend', () => {
    const page = { protocol: 'http:', host: '127.0.0.1:8080' };
    expect(socketUrlForBackend('', page, '/ws')).toBe('ws://127.0.0.1:8080/ws');
    expect(socketUrlForBackend('https://api.hearken.app', page, '/ws')).toBe('wss://api.hearken.app/ws');
  });
});
