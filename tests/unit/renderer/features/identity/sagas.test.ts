import { describe, expect, it } from 'vitest';
import { API } from '../../../../../src/shared/api';
import { STORAGE_KEYS } from '../../../../../src/shared/constants';
import type { GuestUser } from '../../../../../src/shared/entities';
import { bootstrapSession, sessionSaga } from '../../../../../src/renderer/features/identity/sagas';
import { sessionActions } from '../../../../../src/renderer/features/identity/slice';
import { guestAuthorization } from '../../../../../src/shared/auth';
import { makeFakes, run, settle } from '../../../../helpers/saga-harness';

const guest = (avaId: string, userName = 'Guest 12'): GuestUser => ({
  avaId,
  avaName: userName,
  userName,
  accountType: 'Temporary',
  createdAtMs: 1,
});

describe('guest session', () => {
  it('keeps the stored avaId and credential when the server accepts them', async () => {
    const fakes = makeFakes();
    fakes.storage.set(STORAGE_KEYS.avaId, 'g-known');
    fakes.storage.set(STORAGE_KEYS.guestCredential, 'g-known.sig');
    fakes.http.on('GET', API.guest('g-known'), { ok: true, status: 200, data: guest('g-known', 'Sam') });
    const app = run(bootstrapSession, [fakes.deps]);
    await settle();
    expect(app.state.session).toMatchObject({
      status: 'ready',
      identity: { kind: 'guest', avaId: 'g-known', userName: 'Sam', credential: 'g-known.sig' },
    });
    expect(fakes.http.calls.map((c) => c.method)).toEqual(['GET']);
    expect(fakes.http.calls[0]!.headers).toEqual({ Authorization: guestAuthorization('g-known.sig') });
  });

  it('replaces a stored avaId that has no credential (it proves nothing) or whose credential is refused', async () => {
    for (const credential of [undefined, 'g-old.bad']) {
      const fakes = makeFakes();
      fakes.storage.set(STORAGE_KEYS.avaId, 'g-old');
      if (credential) fakes.storage.set(STORAGE_KEYS.guestCredential, credential);
      fakes.http.on('GET', API.guest('g-old'), { ok: false, status: 401, message: 'not valid' });
      fakes.http.on('POST', API.createGuest, {
        ok: true,
        status: 201,
        data: { ...guest('g-new'), credential: 'g-new.sig' },
      });
      const app = run(bootstrapSession, [fakes.deps]);
      await settle();
      expect(app.state.session.identity).toMatchObject({ avaId: 'g-new', credential: 'g-new.sig' });
      expect(fakes.storage.get(STORAGE_KEYS.avaId)).toBe('g-new');
      expect(fakes.storage.get(STORAGE_KEYS.guestCredential)).toBe('g-new.sig');
    }
  });

  it('creates a new guest when the stored avaId is unknown (404) and keeps its id', async () => {
    const fakes = makeFakes();
    fakes.storage.set(STORAGE_KEYS.avaId, 'g-gone');
    fakes.storage.set(STORAGE_KEYS.guestCredential, 'g-gone.sig');
    fakes.http.on('GET', API.guest('g-gone'), { ok: false, status: 404, message: 'Unknown guest' });
    fakes.http.on('POST', API.createGuest, { ok: true, status: 201, data: guest('g-new') });
    const app = run(bootstrapSession, [fakes.deps]);
    await settle();
    expect(app.state.session.identity?.avaId).toBe('g-new');
    expect(fakes.storage.get(STORAGE_KEYS.avaId)).toBe('g-new');
  });

  it('creates a guest when none is stored, sending the saved display name', async () => {
    const fakes = makeFakes();
    fakes.storage.set(STORAGE_KEYS.userName, 'Zoé');
    fakes.http.on('POST', API.createGuest, {
      ok: true,
      status: 201,
      data: { ...guest('g-1', 'Guest 1'), credential: 'g-1.sig' },
    });
    const app = run(bootstrapSession, [fakes.deps]);
    await settle();
    expect(fakes.http.calls).toEqual([{ method: 'POST', path: API.createGuest, body: { userName: 'Zoé' } }]);
    expect(app.state.session.identity).toEqual({
      kind: 'guest',
      avaId: 'g-1',
      userName: 'Zoé',
      credential: 'g-1.sig',
    });
  });

  it('keeps the stored id when the server cannot be reached, rather than minting a new one', async () => {
    const fakes = makeFakes();
    fakes.storage.set(STORAGE_KEYS.avaId, 'g-known');
    fakes.storage.set(STORAGE_KEYS.guestCredential, 'g-known.sig');
    fakes.http.on('GET', API.guest('g-known'), { ok: false, status: 0, message: 'Failed to fetch' });
    const app = run(bootstrapSession, [fakes.deps]);
    await settle();
    expect(app.state.session.identity?.avaId).toBe('g-known');
    expect(fakes.http.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('fails with the server’s words when a guest cannot be created', async () => {
    const fakes = makeFakes();
    fakes.http.on('POST', API.createGuest, { ok: false, status: 503, message: 'Database unavailable' });
    const app = run(bootstrapSession, [fakes.deps]);
    await settle();
    expect(app.state.session).toMatchObject({ status: 'failed', error: 'Database unavailable' });
  });

  it('saves a valid display name, trimmed, and ignores an invalid one', async () => {
    const fakes = makeFakes();
    fakes.http.on('POST', API.createGuest, { ok: true, status: 201, data: guest('g-1') });
    const app = run(sessionSaga, [fakes.deps]);
    app.dispatch(sessionActions.bootstrapRequested());
    await settle();
    app.dispatch(sessionActions.userNameChanged('  Ana  '));
    await settle();
    expect(app.state.session.identity?.userName).toBe('Ana');
    expect(fakes.storage.get(STORAGE_KEYS.userName)).toBe('Ana');
    app.dispatch(sessionActions.userNameChanged(' A '));
    await settle();
    expect(fakes.storage.get(STORAGE_KEYS.userName)).toBe('Ana');
  });
});
