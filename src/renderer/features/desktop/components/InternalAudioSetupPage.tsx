import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DESKTOP_ROUTES } from '../../../../shared/desktop';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectDesktopConfig } from '../selectors';
import { desktopActions } from '../slice';

/**
 * macOS internal-audio quick setup (conversation.md section 2): macOS gives apps no loopback of
 * what it plays, so the user installs and picks the product's virtual speaker, or allows screen
 * and system audio recording. The buttons open the right System Settings panes.
 */
export function InternalAudioSetupPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const desktop = useAppSelector(selectDesktopConfig) !== undefined;
  useDocumentTitle(t('desktop.internalAudio.title'));
  return (
    <div className="page internal-audio-setup" data-testid="internal-audio-setup">
      <h1>{t('desktop.internalAudio.heading')}</h1>
      <p>{t('desktop.internalAudio.intro')}</p>
      <section aria-labelledby="ia-virtual">
        <h2 id="ia-virtual">{t('desktop.internalAudio.virtualSpeakerHeading')}</h2>
        <p>{t('desktop.internalAudio.virtualSpeakerSteps')}</p>
        {desktop ? (
          <Button onClick={() => dispatch(desktopActions.systemSettingsRequested('sound'))}>
            {t('desktop.internalAudio.openSound')}
          </Button>
        ) : null}
      </section>
      <section aria-labelledby="ia-permission">
        <h2 id="ia-permission">{t('desktop.internalAudio.permissionHeading')}</h2>
        <p>{t('desktop.internalAudio.permissionSteps')}</p>
        {desktop ? (
          <Button onClick={() => dispatch(desktopActions.systemSettingsRequested('screenCapture'))}>
            {t('desktop.internalAudio.openPrivacy')}
          </Button>
        ) : null}
      </section>
      <p>
        <Link to={DESKTOP_ROUTES.conversations}>{t('desktop.internalAudio.back')}</Link>
      </p>
    </div>
  );
}
