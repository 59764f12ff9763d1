/** The onboarding feature keeps no state of its own: its actions are the answers its saga saves. */
import { createAction } from '@reduxjs/toolkit';
import type { OnboardingStep } from '../../../shared/routes';
import type { TtsVoice, VoicingProfile } from '../../../shared/user';

export interface StepAnswer {
  step: OnboardingStep;
  /** The step page's query string: its `redirect` is carried to the next step. */
  search: string;
  userName?: string;
  hearingProfile?: number;
  voicingProfile?: VoicingProfile;
  voice?: TtsVoice;
}

export const onboardingActions = {
  stepSubmitted: createAction<StepAnswer>('onboarding/stepSubmitted'),
  /** "Skip for now" on the optional steps. */
  stepSkipped: createAction<{ step: OnboardingStep; search: string }>('onboarding/stepSkipped'),
};
