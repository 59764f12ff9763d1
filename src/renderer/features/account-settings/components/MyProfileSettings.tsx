import { Button, FormGroup, H2, InputGroup } from '@blueprintjs/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DISPLAY_NAME_MAX_LENGTH, DISPLAY_NAME_MIN_LENGTH } from '../../../../shared/constants';
import { HEARING_PROFILES, HEARING_PROFILE_NAMES, isHearingProfileSet } from '../../../../shared/user';
import { isValidDisplayName } from '../../../../shared/validation';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import type { TranslationKey } from '../../../i18n/types';
import { selectProfile } from '../../account-profile/selectors';
import { profileActions } from '../../account-profile/slice';
import { SaveStatus } from './SaveStatus';
import { Select } from '../../../lib/Select';

/** My profile: the display name (2 to 49 characters after trimming), contact details, hearing profile. */
export function MyProfileSettings() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const saved = profile?.userName || profile?.avaName || '';
  const [name, setName] = useState(saved);
  const [touched, setTouched] = useState(false);
  const [submitted, setSubmitted] = useState<'name' | 'hearing' | undefined>();
  const [hearing, setHearing] = useState(
    isHearingProfileSet(profile?.hearingProfile) ? String(profile.hearingProfile) : '',
  );
  const nameId = useId();
  const helpId = useId();
  const hearingId = useId();
  useEffect(() => setName(saved), [saved]);
  const limits = { min: DISPLAY_NAME_MIN_LENGTH, max: DISPLAY_NAME_MAX_LENGTH };
  const valid = isValidDisplayName(name);
  const showProblem = touched && !valid;

  const saveName = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid) return;
    setSubmitted('name');
    dispatch(profileActions.updateRequested({ userName: name.trim() }));
  };
  const saveHearing = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted('hearing');
    dispatch(profileActions.updateRequested({ hearingProfile: hearing === '' ? -1 : Number(hearing) }));
  };

  const emails = Object.values(profile?.emails ?? {});
  return (
    <section aria-labelledby="my-profile-heading">
      <H2 id="my-profile-heading">{t('account.settings.profile.heading')}</H2>
      <form onSubmit={saveName} noValidate>
        <FormGroup
          label={t('account.settings.profile.displayName')}
          labelFor={nameId}
          intent={showProblem ? 'danger' : 'none'}
        >
          <div className="inline-form">
            <InputGroup
              id={nameId}
              value={name}
              autoComplete="nickname"
              maxLength={DISPLAY_NAME_MAX_LENGTH + 10}
              aria-invalid={showProblem}
              aria-describedby={helpId}
              intent={showProblem ? 'danger' : 'none'}
              data-testid="settings-display-name"
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" data-testid="settings-display-name-save">
              {t('account.settings.profile.save')}
            </Button>
          </div>
        </FormGroup>
        <p id={helpId} className={showProblem ? 'field-problem' : 'field-help'}>
          {showProblem
            ? t('account.settings.profile.displayNameInvalid', limits)
            : t('account.settings.profile.displayNameHelp', limits)}
        </p>
        <SaveStatus active={submitted === 'name'} />
      </form>
      <dl className="profile-facts">
        <dt>{t('account.settings.profile.email')}</dt>
        <dd data-testid="settings-email">
          {emails.length ? emails.join(', ') : t('account.settings.profile.none')}
        </dd>
        <dt>{t('account.settings.profile.phone')}</dt>
        <dd>{profile?.phoneNumber ?? t('account.settings.profile.none')}</dd>
      </dl>
      <form onSubmit={saveHearing} noValidate>
        <FormGroup label={t('account.settings.profile.hearing')} labelFor={hearingId}>
          <div className="inline-form">
            <Select
              id={hearingId}
              value={hearing}
              data-testid="settings-hearing"
              onChange={(event) => setHearing(event.target.value)}
            >
              <option value="">{t('account.settings.profile.notSet')}</option>
              {HEARING_PROFILES.map((value) => (
                <option key={value} value={String(value)}>
                  {t(`account.onboarding.hearing.options.${HEARING_PROFILE_NAMES[value]}` as TranslationKey)}
                </option>
              ))}
            </Select>
            <Button type="submit">{t('account.settings.profile.saveHearing')}</Button>
          </div>
        </FormGroup>
        <SaveStatus active={submitted === 'hearing'} />
      </form>
    </section>
  );
}
