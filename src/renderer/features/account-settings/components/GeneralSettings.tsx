import { H2, H3, Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { BETA_FEATURES, BETA_FEATURES_SHOWN, type BetaFeatureName } from '../../../../shared/user';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAuth } from '../../sign-in/selectors';
import { selectProfile, selectProfileState } from '../../account-profile/selectors';
import { profileActions } from '../../account-profile/slice';
import { FontSizeControl } from '../../settings/components/FontSizeControl';
import { LanguageSelect } from '../../settings/components/LanguageSelect';
import { ThemeSwitch } from '../../settings/components/ThemeSwitch';
import { CurseFilterSelect } from '../../settings/components/CurseFilterSelect';
import { KeywordEmphasisSwitch } from '../../settings/components/KeywordEmphasisSwitch';
import { FindableSwitch } from '../../invite-people/components/FindableSwitch';

/** Developer mode appears on localhost or with the dev-mode flag. */
export function showsDeveloperMode(
  isLocalhost: boolean,
  flags: Record<string, boolean | undefined>,
): boolean {
  return isLocalhost || flags['dev-mode'] === true;
}

function DeveloperMode() {
  const { t } = useTranslation();
  const profile = useAppSelector(selectProfile);
  const auth = useAppSelector(selectAuth);
  if (!profile) return null;
  const flags = Object.entries(profile.features)
    .filter(([, on]) => on)
    .map(([flag]) => flag);
  return (
    <section aria-labelledby="developer-heading" data-testid="developer-mode">
      <H3 id="developer-heading">{t('account.settings.general.developer')}</H3>
      <p className="field-help">{t('account.settings.general.developerIntro')}</p>
      <dl className="profile-facts">
        <dt>{t('account.settings.general.avaId')}</dt>
        <dd>
          <code>{profile.avaId}</code>
        </dd>
        <dt>{t('account.settings.general.uid')}</dt>
        <dd>
          <code>{profile.firebaseAuthUID}</code>
        </dd>
        <dt>{t('account.settings.general.channel')}</dt>
        <dd>{profile.channel ?? '-'}</dd>
        <dt>{t('account.settings.general.flags')}</dt>
        <dd>{flags.length ? flags.join(', ') : t('account.settings.general.noFlags')}</dd>
        <dt>{t('account.settings.general.identityProvider')}</dt>
        <dd>
          {auth.emulator ? t('account.settings.general.emulator') : t('account.settings.general.project')}
        </dd>
      </dl>
    </section>
  );
}

/** General: language, theme, caption size (saved to the account), beta features, developer mode. */
export function GeneralSettings() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const profile = useAppSelector(selectProfile);
  const { saving } = useAppSelector(selectProfileState);
  const auth = useAppSelector(selectAuth);
  const features = profile?.features ?? {};
  const speakerIdentification = useAppSelector((s) => s.settings.speakerIdentificationAvailable);
  // What a beta switch needs said beside it: speaker identification depends on the server's model.
  const noteOf = (name: BetaFeatureName): string | undefined => {
    if (name !== 'solo_speaker_id' || speakerIdentification === undefined) return undefined;
    return speakerIdentification
      ? t('account.settings.general.betaNotes.solo_speaker_id')
      : t('account.settings.general.betaNotes.solo_speaker_id_unavailable');
  };
  return (
    <section aria-labelledby="general-heading">
      <H2 id="general-heading">{t('account.settings.general.heading')}</H2>
      <section aria-labelledby="appearance-heading" className="settings-group">
        <H3 id="appearance-heading">{t('account.settings.general.appearance')}</H3>
        <LanguageSelect />
        <ThemeSwitch />
      </section>
      <section aria-labelledby="captions-heading" className="settings-group">
        <H3 id="captions-heading">{t('account.settings.general.captions')}</H3>
        <FontSizeControl />
        <p className="field-help">{t('account.settings.general.fontSizeSynced')}</p>
        <KeywordEmphasisSwitch />
        <CurseFilterSelect />
      </section>
      <FindableSwitch />
      <section aria-labelledby="beta-heading" className="settings-group">
        <H3 id="beta-heading">{t('account.settings.general.beta')}</H3>
        <p className="field-help">{t('account.settings.general.betaIntro')}</p>
        {BETA_FEATURES_SHOWN.map((name) => {
          const note = noteOf(name);
          return (
            <div key={name}>
              <Switch
                checked={features[BETA_FEATURES[name]] === true}
                disabled={saving}
                label={t(`account.settings.general.betaFeatures.${name}`)}
                data-testid={`beta-${name}`}
                {...(note ? { 'aria-describedby': `beta-${name}-note` } : {})}
                onChange={(event) =>
                  dispatch(profileActions.betaToggled({ name, enabled: event.currentTarget.checked }))
                }
              />
              {note ? (
                <p id={`beta-${name}-note`} className="field-help">
                  {note}
                </p>
              ) : null}
            </div>
          );
        })}
      </section>
      {showsDeveloperMode(auth.platform.isLocalhost, features) ? <DeveloperMode /> : null}
    </section>
  );
}
