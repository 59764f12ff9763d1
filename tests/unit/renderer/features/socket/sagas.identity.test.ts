import { describe, expect, it } from 'vitest';
import type { UserProfile } from '../../../../../src/shared/user';
import { buildConnectionParams } from '../../../../../src/renderer/features/socket/sagas';
import { makeFakes, testUser } from '../../../../helpers/saga-harness';
import { tick, ME, profile, start, ok } from '../../../../helpers/account-sagas';

describe('signed in: the identity in the socket parameters', () => {
  async function signedIn(overrides: Partial<UserProfile> = {}, path = '/web/account-settings/general') {
    const fakes = makeFakes();
    fakes.path.current = path;
    fakes.http.on('GET', ME, ok(profile(overrides)));
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    return { fakes, app };
  }

  it('puts the identity token in the socket’s connection-params of an account only', async () => {
    const { app } = await signedIn();
    const params = buildConnectionParams(app.state.session.identity!, 'ava1_r', 'en-US', 'v');
    expect(params.identityToken).toBe(app.state.auth.token);
    const guestParams = buildConnectionParams(
      { kind: 'guest', avaId: 'g1', userName: 'G' },
      'g1_r',
      'en-US',
      'v',
    );
    expect(guestParams).not.toHaveProperty('identityToken');
  });
});
