import { Button, Callout, FormGroup, InputGroup, Radio, RadioGroup, Switch } from '@blueprintjs/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { checkGlobalAccelerator } from '../../../../shared/accelerator';
import {
  AUDIO_SOURCES,
  CAPTION_MODES,
  DESKTOP_THEMES,
  THEME_VARIANTS,
  type AudioSource,
  type CaptionMode,
  type DesktopThemeName,
  type ThemeVariant,
} from '../../../../shared/desktop';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectDesktopConfig, selectExpiry } from '../selectors';
import { desktopActions } from '../slice';
import { Select } from '../../../lib/Select';

/**
 * /cc/preferences: what the tray offers, plus the global shortcut, start at login and the
 * server. Each choice is sent to main, which keeps it (electron-store) and answers with what it
 * kept, so a refused shortcut shows its reason and the old one stays.
 */
export function DesktopPreferencesPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const config = useAppSelector(selectDesktopConfig);
  const expiry = useAppSelector(selectExpiry);
  useDocumentTitle(t('desktop.preferences.title'));
  const shortcutId = useId();
  const serverId = useId();
  const themeId = useId();
  const [shortcut, setShortcut] = useState(config?.preferences.globalShortcut ?? '');
  const [server, setServer] = useState(config?.preferences.serverUrl ?? '');
  const [shortcutProblem, setShortcutProblem] = useState<string>();

  useEffect(() => {
    if (!config) return;
    setShortcut(config.preferences.globalShortcut);
    setServer(config.preferences.serverUrl);
  }, [config]);

  if (!config) {
    return (
      <div className="page">
        <h1>{t('desktop.preferences.heading')}</h1>
        <p>{t('desktop.waiting')}</p>
      </div>
    );
  }
  const p = config.preferences;
  const update = (patch: Parameters<typeof desktopActions.preferencesUpdateRequested>[0]) =>
    dispatch(desktopActions.preferencesUpdateRequested(patch));

  const saveShortcut = (event: FormEvent) => {
    event.preventDefault();
    if (shortcut.trim() !== '' && !checkGlobalAccelerator(shortcut).ok) {
      setShortcutProblem(t('desktop.preferences.problems.shortcut-invalid'));
      return;
    }
    setShortcutProblem(undefined);
    update({ globalShortcut: shortcut });
  };
  const problem = config.problem ? t(`desktop.preferences.problems.${config.problem}`) : undefined;

  return (
    <div className="page desktop-preferences" data-testid="desktop-preferences">
      <h1>{t('desktop.preferences.heading')}</h1>
      {expiry ? (
        <Callout intent={expiry.kind === 'expired' ? 'danger' : 'warning'} data-testid="expiry-notice">
          {expiry.kind === 'expired'
            ? t('desktop.expired', { version: expiry.latestVersion })
            : t('desktop.expiresSoon', { count: expiry.daysLeft, version: expiry.latestVersion })}
        </Callout>
      ) : null}
      {problem ? (
        <Callout intent="danger" role="alert" data-testid="preferences-problem">
          {problem}
        </Callout>
      ) : null}
      <RadioGroup
        label={t('desktop.preferences.captionMode')}
        selectedValue={p.captionMode}
        onChange={(e) => update({ captionMode: e.currentTarget.value as CaptionMode })}
      >
        {CAPTION_MODES.map((mode) => (
          <Radio
            key={mode}
            value={mode}
            label={mode === 'floatingCaptions' ? t('desktop.floatingTitle') : t('desktop.boxTitle')}
          />
        ))}
      </RadioGroup>
      <RadioGroup
        label={t('desktop.preferences.audioSource')}
        selectedValue={p.audioSource}
        onChange={(e) => update({ audioSource: e.currentTarget.value as AudioSource })}
      >
        {AUDIO_SOURCES.map((source) => (
          <Radio key={source} value={source} label={t(`desktop.preferences.audioSources.${source}`)} />
        ))}
      </RadioGroup>
      <FormGroup label={t('desktop.preferences.theme')} labelFor={themeId}>
        <Select
          id={themeId}
          value={p.theme.name}
          onChange={(e) => update({ theme: { ...p.theme, name: e.currentTarget.value as DesktopThemeName } })}
        >
          {DESKTOP_THEMES.map((name) => (
            <option key={name} value={name}>
              {t(`desktop.preferences.themes.${name}`)}
            </option>
          ))}
        </Select>
      </FormGroup>
      <RadioGroup
        inline
        label={t('desktop.preferences.variant')}
        selectedValue={p.theme.variant}
        onChange={(e) => update({ theme: { ...p.theme, variant: e.currentTarget.value as ThemeVariant } })}
      >
        {THEME_VARIANTS.map((variant) => (
          <Radio key={variant} value={variant} label={t(`desktop.preferences.variants.${variant}`)} />
        ))}
      </RadioGroup>
      <Switch
        checked={p.theme.bold}
        label={t('desktop.preferences.bold')}
        onChange={(e) => update({ theme: { ...p.theme, bold: e.currentTarget.checked } })}
      />
      <Switch
        checked={p.clickThrough}
        label={t('desktop.preferences.clickThrough')}
        onChange={(e) => update({ clickThrough: e.currentTarget.checked })}
      />
      <Switch
        checked={p.openAtLogin}
        label={t('desktop.preferences.openAtLogin')}
        onChange={(e) => update({ openAtLogin: e.currentTarget.checked })}
      />
      <form onSubmit={saveShortcut} className="inline-form">
        <FormGroup
          label={t('desktop.preferences.shortcut')}
          labelFor={shortcutId}
          helperText={shortcutProblem ?? t('desktop.preferences.shortcutHelp')}
          intent={shortcutProblem ? 'danger' : 'none'}
        >
          <InputGroup
            id={shortcutId}
            value={shortcut}
            onChange={(e) => setShortcut(e.currentTarget.value)}
            data-testid="shortcut-input"
          />
        </FormGroup>
        <Button type="submit">{t('desktop.preferences.saveShortcut')}</Button>
      </form>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          update({ serverUrl: server });
        }}
      >
        <FormGroup
          label={t('desktop.preferences.server')}
          labelFor={serverId}
          helperText={t('desktop.preferences.serverHelp')}
        >
          <InputGroup
            id={serverId}
            type="url"
            value={server}
            onChange={(e) => setServer(e.currentTarget.value)}
          />
        </FormGroup>
        <Button type="submit">{t('desktop.preferences.saveServer')}</Button>
      </form>
      <p className="field-help">{t('desktop.preferences.version', { version: config.appVersion })}</p>
    </div>
  );
}
