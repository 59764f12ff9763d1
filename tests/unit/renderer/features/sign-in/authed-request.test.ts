import { describe, expect, it } from 'vitest';
import { NO_TOKEN_MESSAGE, identityAuthorization } from '../../../../../src/shared/auth';
import { authedRequest } from '../../../../../src/renderer/features/sign-in/authed-request';
import { makeFakes, run, testUser } from '../../../../helpers/saga-harness';
import { tick, ME, profile, ok, makeSignedInAuth, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

describe('calls that need a token', () => {
  it("are not sent without one, and fail with the spec's message", async () => {
    const fakes = makeFakes();
    const task = run(authedRequest, [fakes.deps, 'GET', ME]);
    await tick();
    expect(await task.task.toPromise()).toEqual({
      ok: false,
      status: 401,
      message: NO_TOKEN_MESSAGE,
      code: 'no-token',
    });
    expect(fakes.http.calls).toEqual([]);
  });

  it('fetch a fresh token once and retry when the server refuses a stale one', async () => {
    const fakes = makeFakes();
    fakes.auth.user = testUser({});
    fakes.http.on('GET', ME, (c) =>
      c.headers?.Authorization === identityAuthorization('fresh.token.x')
        ? ok(profile())
        : { ok: false, status: 401, message: 'stale', code: 'claims-mismatch' },
    );
    const signedIn = run(function* () {}, [], {
      auth: { ...makeSignedInAuth(), token: 'old.token.x', tokenFetchedAtMs: Date.now() },
    });
    fakes.auth.token = 'fresh.token.x';
    const task = run(authedRequest, [fakes.deps, 'GET', ME], signedIn.state);
    await tick();
    expect(await task.task.toPromise()).toMatchObject({ ok: true });
    expect(fakes.http.calls).toHaveLength(2);
    expect(fakes.auth.tokenRequests).toEqual([true]);
  });
});
