import { describe, expect, it } from 'vitest';
import { LOADING_TIMEOUT_MS } from '../../../../../src/shared/constants';
import { makeFakes } from '../../../../helpers/saga-harness';
import { tick, CONFIG, start, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

describe('starting up', () => {
  it('without accounts on the server: signed out, and a guest identity as before', async () => {
    const fakes = makeFakes();
    const app = start(fakes, { ...CONFIG, firebase: null });
    await tick();
    expect(app.state.auth).toMatchObject({ phase: 'signed-out', available: false });
    expect(app.state.session.identity).toMatchObject({ kind: 'guest', avaId: 'g1' });
    expect(fakes.auth.calls).not.toContain('init');
  });

  it('starts the identity provider with the server’s configuration; signed out means a guest', async () => {
    const fakes = makeFakes();
    const app = start(fakes);
    await tick();
    expect(fakes.auth.initConfig).toEqual(CONFIG.firebase);
    expect(app.state.auth).toMatchObject({
      phase: 'loading',
      emulator: true,
      ssoProviderId: 'oidc.hearken-sso',
    });
    expect(app.state.session.identity).toBeUndefined();
    fakes.auth.setUser(null);
    await tick();
    expect(app.state.auth.phase).toBe('signed-out');
    expect(app.state.session.identity).toMatchObject({ kind: 'guest', avaId: 'g1' });
  });

  it('logs a timeout and carries on signed out when nothing is heard for 60 s', async () => {
    const fakes = makeFakes();
    const app = start(fakes);
    await tick(LOADING_TIMEOUT_MS - 1);
    expect(app.state.auth.phase).toBe('loading');
    await tick(1);
    expect(app.state.auth).toMatchObject({ phase: 'signed-out', loadingTimedOut: true });
    expect(fakes.logger.entries.some((e) => e.level === 'error' && /timed out/.test(e.msg))).toBe(true);
    expect(app.state.session.identity?.kind).toBe('guest');
  });
});
