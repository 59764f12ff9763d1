import { Callout, Classes } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { STORAGE_KEYS } from '../../../../shared/constants';
import { parseCaptionViewSearch } from '../../../../shared/desktop';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CaptionsBox } from './CaptionsBox';
import { CaptionsView } from '../../captions/components/CaptionsView';
import { captionsActions } from '../../captions/slice';
import { conversationActions } from '../../conversation/slice';
import { FloatingCaptions } from './FloatingCaptions';
import { Notifications } from '../../notifications/components/Notifications';
import { settingsActions } from '../../settings/slice';
import { captionViewVersion } from '../caption-view';
import { selectDesktopConfig } from '../../desktop/selectors';
import '../caption-window.css';

/**
 * /cc/conversation, the desktop caption mode: the page of the floating captions window and of
 * the captions box. Its URL says which mode, which room (joined read-only: the main window
 * records) or that captions are made on this computer, and the theme for the first paint;
 * later theme changes come from main.
 */
export function CaptionModePage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const location = useLocation();
  const query = useMemo(() => parseCaptionViewSearch(location.search), [location.search]);
  const config = useAppSelector(selectDesktopConfig);
  const theme = config?.preferences.theme ?? query.theme;
  const floating = query.mode === 'floatingCaptions';
  useDocumentTitle(floating ? t('desktop.floatingTitle') : t('desktop.boxTitle'));

  // Blueprint's controls (in the bubble) follow the theme's variant, portals included.
  useEffect(() => {
    document.body.classList.toggle(Classes.DARK, theme.variant === 'dark');
    document.documentElement.dataset.theme = theme.variant;
  }, [theme.variant]);

  // A floating window is transparent: the page around the caption panel must be too.
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.captionWindow = query.mode;
    return () => {
      delete root.dataset.captionWindow;
    };
  }, [query.mode]);

  useEffect(() => {
    if (query.offline || !query.roomId) {
      if (query.offline) dispatch(captionsActions.cleared());
      return;
    }
    dispatch(conversationActions.entered({ roomId: query.roomId, readonly: true }));
    return () => {
      dispatch(conversationActions.exited());
    };
  }, [dispatch, query.roomId, query.offline]);

  // The text size chosen in another window of the app applies here at once.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.fontSize && event.newValue)
        dispatch(settingsActions.fontSizeChanged(Number(event.newValue)));
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [dispatch]);

  const waiting = query.offline ? t('desktop.onThisComputer') : t('desktop.waiting');
  const version = captionViewVersion(config ? { desktopVersion: config.appVersion } : {});

  return (
    <div
      className="caption-window"
      data-mode={query.mode}
      data-caption-theme={theme.name}
      data-variant={theme.variant}
      data-bold={theme.bold ? 'true' : 'false'}
      data-view={version}
      data-testid="caption-window"
    >
      <main className="caption-window-main">
        {floating ? <h1 className="visually-hidden">{t('desktop.floatingTitle')}</h1> : null}
        {query.offline && !floating ? (
          <Callout
            compact
            intent="warning"
            className="caption-window-offline"
            data-testid="offline-captions-notice"
          >
            {t('desktop.onThisComputer')}
          </Callout>
        ) : null}
        {version === 'v1' ? (
          <CaptionsView />
        ) : floating ? (
          <FloatingCaptions query={query} waiting={waiting} />
        ) : (
          <CaptionsBox query={query} waiting={waiting} />
        )}
      </main>
      <Notifications />
    </div>
  );
}
