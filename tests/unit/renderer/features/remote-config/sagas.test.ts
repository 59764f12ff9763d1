import { describe, expect, it } from 'vitest';
import { API, apiError } from '../../../../../src/shared/api';
import { REMOTE_CONFIG_REFRESH_MS } from '../../../../../src/shared/constants';
import { remoteConfigSaga } from '../../../../../src/renderer/features/remote-config/sagas';
import { makeFakes, run } from '../../../../helpers/saga-harness';
import { tick, ok, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

describe('remote config', () => {
  it('is read at start and again every hour', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.remoteConfig, ok({ web_enable_sso: true }), ok({ web_enable_sso: false }));
    const app = run(remoteConfigSaga, [fakes.deps]);
    await tick();
    expect(app.state.remoteConfig.flags.web_enable_sso).toBe(true);
    await tick(REMOTE_CONFIG_REFRESH_MS - 1);
    expect(fakes.http.callsTo('GET', API.remoteConfig)).toHaveLength(1);
    await tick(1);
    expect(fakes.http.callsTo('GET', API.remoteConfig)).toHaveLength(2);
    expect(app.state.remoteConfig.flags.web_enable_sso).toBe(false);
  });

  it('keeps the last flags when the server cannot be read', async () => {
    const fakes = makeFakes();
    fakes.http.on('GET', API.remoteConfig, ok({ web_enable_sso: true }), {
      ok: false,
      status: 503,
      message: apiError('x', 'down').error.content.message,
    });
    const app = run(remoteConfigSaga, [fakes.deps]);
    await tick(REMOTE_CONFIG_REFRESH_MS);
    expect(app.state.remoteConfig.flags.web_enable_sso).toBe(true);
  });
});
