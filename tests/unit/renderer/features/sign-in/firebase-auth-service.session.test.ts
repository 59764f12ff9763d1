// @vitest-environment happy-dom
/**
 * Whether a device may hold a signed-in session, found out without the Firebase SDK: a guest's
 * page must not load the SDK, a signed-in person must never be shown as a guest.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_MARKER_KEY,
  mayHaveSession,
} from '../../../../../src/renderer/features/sign-in/firebase-auth-service';

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

function indexedDbWith(names: string[]) {
  vi.stubGlobal('indexedDB', { databases: async () => names.map((name) => ({ name, version: 1 })) });
}

describe('mayHaveSession', () => {
  it('follows the marker the provider left: signed out here means no SDK', async () => {
    indexedDbWith(['firebaseLocalStorageDb']);
    localStorage.setItem(SESSION_MARKER_KEY, '0');
    expect(await mayHaveSession()).toBe(false);
    localStorage.setItem(SESSION_MARKER_KEY, '1');
    expect(await mayHaveSession()).toBe(true);
  });

  it('with no marker (a first visit, or a session saved by an older version), reads the SDK’s own storage', async () => {
    indexedDbWith([]);
    expect(await mayHaveSession()).toBe(false);
    indexedDbWith(['firebaseLocalStorageDb']);
    expect(await mayHaveSession()).toBe(true);
    indexedDbWith([]);
    localStorage.setItem('firebase:authUser:AIza-key:[DEFAULT]', '{}');
    expect(await mayHaveSession()).toBe(true);
  });

  it('says yes when it cannot tell', async () => {
    vi.stubGlobal('indexedDB', {});
    expect(await mayHaveSession()).toBe(true);
    vi.stubGlobal('indexedDB', {
      databases: async () => {
        throw new Error('blocked');
      },
    });
    expect(await mayHaveSession()).toBe(true);
  });
});
