import { describe, expect, it } from 'vitest';
import { API, withQuery } from '../../../../../src/shared/api';
import { FONT_SIZE_SAVE_DEBOUNCE_MS, STORAGE_KEYS } from '../../../../../src/shared/constants';
import { profileActions } from '../../../../../src/renderer/features/account-profile/slice';
import { sessionActions } from '../../../../../src/renderer/features/identity/slice';
import { settingsActions } from '../../../../../src/renderer/features/settings/slice';
import { tick, profile, ok, signedIn, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

describe('signed in: profile saves', () => {
  it('saves the caption size 2 s after the last change, once', async () => {
    const { fakes, app } = await signedIn();
    fakes.http.on('POST', API.updateSettings, ok({ result: { settings: { webFontSize: 40 } } }));
    for (const px of [30, 35, 40]) {
      app.dispatch(settingsActions.fontSizeChanged(px));
      await tick(500);
    }
    await tick(FONT_SIZE_SAVE_DEBOUNCE_MS - 501);
    expect(fakes.http.callsTo('POST', API.updateSettings)).toHaveLength(0);
    await tick(1);
    const saves = fakes.http.callsTo('POST', API.updateSettings);
    expect(saves).toHaveLength(1);
    expect(saves[0]!.body).toEqual({
      data: { avaId: 'ava1', firebaseAuthUID: 'u1', settings: { webFontSize: 40 } },
    });
    expect(app.state.profile.profile?.settings.webFontSize).toBe(40);
  });

  it('saves the language and theme with the account, and enrols in beta features', async () => {
    const { fakes, app } = await signedIn();
    const v11 = withQuery(API.userV11('ava1'), { channel: 'web-v2' });
    fakes.http.on('PATCH', v11, ok(profile({ settings: { language: 'fr', theme: 'light' } })));
    app.dispatch(settingsActions.languageChanged('fr'));
    await tick();
    expect(fakes.http.callsTo('PATCH', v11)[0]!.body).toEqual({
      settings: { language: 'fr', theme: 'light' },
    });
    const beta = withQuery(API.enrollBetaFeature, { platform: 'web' });
    fakes.http.on('PATCH', beta, ok({ flags: { 'convo-v2': true } }));
    app.dispatch(profileActions.betaToggled({ name: 'convo_v2', enabled: true }));
    await tick();
    expect(fakes.http.callsTo('PATCH', beta)[0]!.body).toEqual({
      beta_feature_name: 'convo_v2',
      enable_feature: true,
    });
    expect(app.state.profile.profile?.features).toEqual({ 'convo-v2': true });
  });

  it("saves the name typed on the conversations page as the account's user name", async () => {
    const { fakes, app } = await signedIn();
    const v11 = withQuery(API.userV11('ava1'), { channel: 'web-v2' });
    fakes.http.on('PATCH', v11, ok(profile({ userName: 'Ada L' })));
    app.dispatch(sessionActions.userNameChanged('  Ada L '));
    await tick();
    expect(fakes.http.callsTo('PATCH', v11)[0]!.body).toEqual({ userName: 'Ada L' });
    expect(app.state.session.identity).toMatchObject({ kind: 'account', userName: 'Ada L' });
    // Not left in this browser for whoever uses it as a guest after signing out.
    expect(fakes.storage.get(STORAGE_KEYS.userName)).toBeUndefined();
  });
});
