import { describe, expect, it } from 'vitest';
import { buildConnectionParams } from '../../../../../src/renderer/features/socket/sagas';
import { signedIn, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

describe('signed in: the identity in the socket parameters', () => {
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
