import { H3, Switch } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectProfile, selectProfileState } from '../../account-profile/selectors';
import { profileActions } from '../../account-profile/slice';

/**
 * Whether hosts may find this account by the start of its name or its exact email to invite it
 * (settings.findable, off unless turned on): the account settings' privacy choice.
 */
export function FindableSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const { saving } = useAppSelector(selectProfileState);
  const headingId = useId();
  const helpId = useId();
  if (!profile) return null;
  return (
    <section aria-labelledby={headingId} className="settings-group" data-testid="findable-settings">
      <H3 id={headingId}>{t('invitePeople.findable.heading')}</H3>
      <Switch
        checked={profile.settings.findable === true}
        disabled={saving}
        label={t('invitePeople.findable.label')}
        aria-describedby={helpId}
        data-testid="findable-switch"
        onChange={(event) =>
          dispatch(profileActions.updateRequested({ settings: { findable: event.currentTarget.checked } }))
        }
      />
      <p id={helpId} className="field-help">
        {t('invitePeople.findable.help')}
      </p>
    </section>
  );
}
