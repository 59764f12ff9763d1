/**
 * The onboarding steps under /web/onboarding/profile/*: each step saves its answer (user name
 * and hearing profile with PATCH /api/v1.1/users/{avaId}, voicing profile with PATCH
 * /api/v1/users/me, the voice with POST tts-voice), then goes on to the next step, or, after
 * the last, to where the sign-in was going (the `redirect` the steps carry along).
 */
import { call, put, select, take, takeLatest } from 'typed-redux-saga';
import {
  QUERY_PARAMS,
  type OnboardingStep,
  afterOnboardingPath,
  nextOnboardingStep,
  onboardingPath,
} from '../../../shared/routes';
import { type UserProfile, isScribe } from '../../../shared/user';
import type { AppDeps } from '../../app/deps';
import { selectProfile } from '../account-profile/selectors';
import { profileActions } from '../account-profile/slice';
import { type StepAnswer, onboardingActions } from './actions';

function saveAction(answer: StepAnswer) {
  switch (answer.step) {
    case 'user-name':
    case 'user-name-subscribed':
      return profileActions.updateRequested({ userName: answer.userName ?? '' });
    case 'hearing-profile':
      return profileActions.updateRequested({ hearingProfile: answer.hearingProfile ?? -1 });
    case 'voicing-profile':
      return answer.voicingProfile
        ? profileActions.mePatchRequested({ voicingProfile: answer.voicingProfile })
        : undefined;
    case 'voice':
      return answer.voice ? profileActions.ttsVoiceRequested(answer.voice) : undefined;
  }
}

/** The page after `step`: the next step (keeping the `redirect`), or the onboarding's end. */
export function afterStep(step: OnboardingStep, search: string, profile: UserProfile | undefined): string {
  const next = nextOnboardingStep(step, profile?.voicingProfile);
  if (!next) return afterOnboardingPath(search, profile ? isScribe(profile) : false);
  const redirect = new URLSearchParams(search).get(QUERY_PARAMS.redirect) ?? undefined;
  return onboardingPath(next, redirect);
}

function* submitStep(deps: AppDeps, action: ReturnType<typeof onboardingActions.stepSubmitted>) {
  const save = saveAction(action.payload);
  if (save) {
    yield* put(save);
    const outcome = yield* take<
      ReturnType<typeof profileActions.saved> | ReturnType<typeof profileActions.saveFailed>
    >([profileActions.saved.type, profileActions.saveFailed.type]);
    if (outcome.type === profileActions.saveFailed.type) return;
  }
  const profile = yield* select(selectProfile);
  deps.navigation.navigate(afterStep(action.payload.step, action.payload.search, profile));
}

function* skipStep(deps: AppDeps, action: ReturnType<typeof onboardingActions.stepSkipped>) {
  const profile = yield* select(selectProfile);
  yield* call(
    [deps.navigation, deps.navigation.navigate],
    afterStep(action.payload.step, action.payload.search, profile),
  );
}

export function* onboardingSaga(deps: AppDeps) {
  yield* takeLatest(onboardingActions.stepSubmitted.type, submitStep, deps);
  yield* takeLatest(onboardingActions.stepSkipped.type, skipStep, deps);
}
