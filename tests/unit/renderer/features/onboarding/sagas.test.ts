import { describe, expect, it } from 'vitest';
import { API, withQuery } from '../../../../../src/shared/api';
import type { UserProfile } from '../../../../../src/shared/user';
import { onboardingActions } from '../../../../../src/renderer/features/onboarding/actions';
import { makeFakes, testUser } from '../../../../helpers/saga-harness';
import { tick, ME, profile, start, ok, withFakeClock } from '../../../../helpers/account-sagas';

withFakeClock();

describe('onboarding', () => {
  async function onboarding(saved: Partial<UserProfile>) {
    const fakes = makeFakes();
    fakes.path.current = '/web/onboarding/profile/user-name';
    fakes.http.on('GET', ME, ok(profile({ userName: '' })));
    const app = start(fakes);
    await tick();
    fakes.auth.setUser(testUser({}));
    await tick();
    const v11 = withQuery(API.userV11('ava1'), { channel: 'web-v2' });
    fakes.http.on('PATCH', v11, ok(profile(saved)));
    fakes.http.on('PATCH', withQuery(API.usersMe, { channel: 'web-v2' }), ok(profile(saved)));
    fakes.http.on('POST', API.ttsVoice, ok(profile(saved)));
    return { fakes, app, v11 };
  }

  it('saves each answer and goes on, keeping the redirect, to where the sign-in was going', async () => {
    const search = '?redirect=%2Fweb%2Fconversations';
    const { fakes, app, v11 } = await onboarding({ voicingProfile: 'type' });
    app.dispatch(onboardingActions.stepSubmitted({ step: 'user-name', search, userName: 'Ada' }));
    await tick();
    expect(fakes.http.callsTo('PATCH', v11)[0]!.body).toEqual({ userName: 'Ada' });
    expect(fakes.navigations.at(-1)).toBe(
      '/web/onboarding/profile/hearing-profile?redirect=%2Fweb%2Fconversations',
    );
    app.dispatch(onboardingActions.stepSubmitted({ step: 'hearing-profile', search, hearingProfile: 1 }));
    await tick();
    expect(fakes.http.callsTo('PATCH', v11)[1]!.body).toEqual({ hearingProfile: 1 });
    app.dispatch(
      onboardingActions.stepSubmitted({ step: 'voicing-profile', search, voicingProfile: 'type' }),
    );
    await tick();
    expect(fakes.navigations.at(-1)).toBe('/web/onboarding/profile/voice?redirect=%2Fweb%2Fconversations');
    app.dispatch(onboardingActions.stepSubmitted({ step: 'voice', search, voice: 'nova' }));
    await tick();
    expect(fakes.http.callsTo('POST', API.ttsVoice)[0]!.body).toEqual({ voiceId: 'nova' });
    expect(fakes.navigations.at(-1)).toBe('/web/conversations');
  });

  it('stays on the step, with the server’s words, when the answer is refused', async () => {
    const { fakes, app, v11 } = await onboarding({});
    fakes.http.on('PATCH', v11, { ok: false, status: 400, message: 'Invalid Username.' });
    const before = fakes.navigations.length;
    app.dispatch(onboardingActions.stepSubmitted({ step: 'user-name', search: '', userName: 'A!' }));
    await tick();
    expect(fakes.navigations.length).toBe(before);
    expect(app.state.profile.saveError).toBe('Invalid Username.');
  });

  it('ends after the voicing profile for people who speak', async () => {
    const { fakes, app } = await onboarding({ voicingProfile: 'speak' });
    app.dispatch(
      onboardingActions.stepSubmitted({ step: 'voicing-profile', search: '', voicingProfile: 'speak' }),
    );
    await tick();
    expect(fakes.navigations.at(-1)).toBe('/account/dashboard');
  });
});
