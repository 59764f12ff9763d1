import { Switch } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectTheme } from '../selectors';
import { settingsActions } from '../slice';

export function ThemeSwitch() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const theme = useAppSelector(selectTheme);
  return (
    <Switch
      className="theme-switch"
      checked={theme === 'dark'}
      label={t('settings.darkTheme')}
      data-testid="theme-toggle"
      onChange={(event) =>
        dispatch(settingsActions.themeChanged(event.currentTarget.checked ? 'dark' : 'light'))
      }
    />
  );
}
