import { Callout, FormGroup, H1, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import { checkUserName } from '../../../../shared/account-validation';
import { DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_MIN_LENGTH } from '../../../../shared/constants';
import {
  ONBOARDING_STEPS,
  type OnboardingStep,
  onboardingPath,
  onboardingProgress,
} from '../../../../shared/routes';
import {
  HEARING_PROFILES,
  HEARING_PROFILE_NAMES,
  TTS_VOICES,
  type TtsVoice,
  VOICING_PROFILES,
  isHearingProfileSet,
} from '../../../../shared/user';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { TranslationKey } from '../../../i18n/types';
import { SubmitActions } from '../../../lib/SubmitActions';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectProfile, selectProfileState } from '../../account-profile/selectors';
import { onboardingActions } from '../actions';

function isStep(value: string | undefined): value is OnboardingStep {
  return (ONBOARDING_STEPS as readonly string[]).includes(value ?? '');
}

function StepFrame({
  step,
  heading,
  intro,
  children,
}: {
  step: OnboardingStep;
  heading: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const profile = useAppSelector(selectProfile);
  const { saveError } = useAppSelector(selectProfileState);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each step is a new page for screen-reader users: focus its heading.
  useEffect(() => headingRef.current?.focus(), [step]);
  const { current, total, upTo } = onboardingProgress(step, profile?.voicingProfile);
  return (
    <div className="page onboarding-page" data-testid={`onboarding-step-${step}`}>
      <p className="field-help">
        {t(upTo ? 'account.onboarding.stepUpTo' : 'account.onboarding.step', { current, total })}
      </p>
      <H1 ref={headingRef} tabIndex={-1}>
        {heading}
      </H1>
      <p className="lead">{intro}</p>
      <div role="alert">
        {saveError ? (
          <Callout intent="danger" className="page-callout">
            {t('account.onboarding.saveFailed', { message: saveError })}
          </Callout>
        ) : null}
      </div>
      {children}
    </div>
  );
}

function Actions({ step, canSkip, last }: { step: OnboardingStep; canSkip: boolean; last: boolean }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const { saving } = useAppSelector(selectProfileState);
  return (
    <SubmitActions
      label={last ? t('account.onboarding.finish') : t('account.onboarding.continue')}
      busy={saving}
      testId="onboarding-continue"
      other={
        canSkip
          ? {
              label: t('account.onboarding.skip'),
              onClick: () => dispatch(onboardingActions.stepSkipped({ step, search })),
            }
          : undefined
      }
    />
  );
}

function UserNameStep({ step }: { step: 'user-name' | 'user-name-subscribed' }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { search } = useLocation();
  const profile = useAppSelector(selectProfile);
  const [name, setName] = useState(profile?.userName || profile?.avaName || '');
  const [touched, setTouched] = useState(false);
  const id = useId();
  const helpId = useId();
  const problemId = useId();
  const problem = checkUserName(name);
  const showProblem = touched && problem !== undefined;
  const subscribed = step === 'user-name-subscribed';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!problem) dispatch(onboardingActions.stepSubmitted({ step, search, userName: name }));
  };
  return (
    <StepFrame
      step={step}
      heading={t(
        subscribed ? 'account.onboarding.userName.subscribedHeading' : 'account.onboarding.userName.heading',
      )}
      intro={t(
        subscribed ? 'account.onboarding.userName.subscribedIntro' : 'account.onboarding.userName.intro',
      )}
    >
      <form onSubmit={submit} noValidate>
        <FormGroup
          label={t('account.onboarding.userName.label')}
          labelFor={id}
          intent={showProblem ? 'danger' : 'none'}
        >
          <InputGroup
            id={id}
            size="large"
            value={name}
            autoComplete="nickname"
            maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
            aria-invalid={showProblem}
            aria-describedby={showProblem ? `${problemId} ${helpId}` : helpId}
            intent={showProblem ? 'danger' : 'none'}
            data-testid="onboarding-user-name"
            onChange={(event) => setName(event.target.value)}
          />
        </FormGroup>
        <p id={helpId} className="field-help">
          {t('account.onboarding.userName.help', {
            min: DISPLAY_NAME_MIN_LENGTH,
            max: DISPLAY_NAME_MAX_LENGTH,
          })}
        </p>
        <p id={problemId} className="field-problem" role="alert" data-testid="onboarding-user-name-problem">
          {showProblem
            ? t(
                problem === 'required'
                  ? 'account.errors.validation.userNameRequired'
                  : 'account.errors.validation.invalidUserName',
              )
            : ''}
        </p>
        <Actions step={step} canSkip={false} last={false} />
      </form>
    </StepFrame>
  );
}

function ChoiceStep<T extends string | number>({
  step,
  prefix,
  options,
  initial,
  answer,
  canSkip,
  last,
}: {
  step: OnboardingStep;
  prefix: 'hearing' | 'voicing' | 'voice';
  options: readonly { value: T; label: string }[];
  initial: T | undefined;
  answer: (value: T) => Parameters<typeof onboardingActions.stepSubmitted>[0];
  canSkip: boolean;
  last: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [value, setValue] = useState<T | undefined>(initial);
  const [problem, setProblem] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value === undefined) {
      setProblem(true);
      return;
    }
    dispatch(onboardingActions.stepSubmitted(answer(value)));
  };
  const key = (name: string) => `account.onboarding.${prefix}.${name}` as TranslationKey;
  return (
    <StepFrame step={step} heading={t(key('heading'))} intro={t(key('intro'))}>
      <form onSubmit={submit} noValidate>
        <RadioGroup
          label={t(key('legend'))}
          selectedValue={value === undefined ? undefined : String(value)}
          onChange={(event) => {
            const raw = event.currentTarget.value;
            const option = options.find((o) => String(o.value) === raw);
            if (option) {
              setValue(option.value);
              setProblem(false);
            }
          }}
          className="choice-group"
        >
          {options.map((option) => (
            <Radio
              key={String(option.value)}
              value={String(option.value)}
              label={option.label}
              size="large"
              data-testid={`choice-${String(option.value)}`}
            />
          ))}
        </RadioGroup>
        <p className="field-problem" role="alert" data-testid="onboarding-choice-problem">
          {problem && prefix === 'hearing' ? t('account.errors.validation.invalidHearingProfile') : ''}
        </p>
        <Actions step={step} canSkip={canSkip} last={last} />
      </form>
    </StepFrame>
  );
}

/** /web/onboarding/profile/:step: hearing profile, voicing profile, voice, user name. */
export function OnboardingPage() {
  const { t } = useTranslation();
  const { step } = useParams();
  const { search } = useLocation();
  const profile = useAppSelector(selectProfile);
  useDocumentTitle(t('account.onboarding.title'));
  if (!isStep(step)) return <Navigate to={onboardingPath('user-name')} replace />;
  if (step === 'user-name' || step === 'user-name-subscribed') return <UserNameStep key={step} step={step} />;
  if (step === 'hearing-profile') {
    return (
      <ChoiceStep
        key={step}
        step={step}
        prefix="hearing"
        options={HEARING_PROFILES.map((value) => ({
          value,
          label: t(`account.onboarding.hearing.options.${HEARING_PROFILE_NAMES[value]}` as TranslationKey),
        }))}
        initial={isHearingProfileSet(profile?.hearingProfile) ? profile.hearingProfile : undefined}
        answer={(hearingProfile) => ({ step, search, hearingProfile })}
        canSkip
        last={false}
      />
    );
  }
  if (step === 'voicing-profile') {
    return (
      <ChoiceStep
        key={step}
        step={step}
        prefix="voicing"
        options={VOICING_PROFILES.map((value) => ({
          value,
          label: t(`account.onboarding.voicing.options.${value}`),
        }))}
        initial={profile?.voicingProfile}
        answer={(voicingProfile) => ({ step, search, voicingProfile })}
        canSkip
        last={false}
      />
    );
  }
  return (
    <ChoiceStep<TtsVoice>
      key={step}
      step={step}
      prefix="voice"
      options={TTS_VOICES.map((value) => ({ value, label: t(`account.onboarding.voice.options.${value}`) }))}
      initial={profile?.ttsVoice}
      answer={(voice) => ({ step, search, voice })}
      canSkip
      last
    />
  );
}
