import { H1, Icon } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { DESKTOP_OPEN_DEEP_LINK } from '../../../../shared/desktop';
import { ROUTES } from '../../../../shared/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LAUNCH_APP_FALLBACK_MS, continueInBrowserPath } from '../launch';

/**
 * /convo-v2/launch-app: opens the desktop app by its deep link at once, and after a short wait
 * offers the other ways (open it again, download it, continue in the browser), announced as a
 * status and reachable by Tab. `open` is how the link is followed (a test can watch it).
 */
export function LaunchAppPage({
  open = (url: string) => window.location.assign(url),
}: {
  open?: (url: string) => void;
}) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [fallback, setFallback] = useState(false);
  const opened = useRef(false);
  useDocumentTitle(t('launchApp.title'));
  useEffect(() => {
    if (!opened.current) {
      opened.current = true;
      open(DESKTOP_OPEN_DEEP_LINK);
    }
    const timer = setTimeout(() => setFallback(true), LAUNCH_APP_FALLBACK_MS);
    return () => clearTimeout(timer);
  }, [open]);
  return (
    <article className="page launch-app-page" data-testid="launch-app">
      <H1>{t('launchApp.title')}</H1>
      <p className="lead">{t('launchApp.opening')}</p>
      <div role="status">
        {fallback ? <p data-testid="launch-app-fallback">{t('launchApp.notOpened')}</p> : null}
      </div>
      {fallback ? (
        <ul className="launch-app-ways">
          <li>
            <a href={DESKTOP_OPEN_DEEP_LINK} className="bp6-button" data-testid="launch-app-again">
              <Icon icon="application" aria-hidden />
              <span>{t('launchApp.again')}</span>
            </a>
          </li>
          <li>
            <Link
              to={ROUTES.download}
              className="bp6-button bp6-intent-primary"
              data-testid="launch-app-download"
            >
              {t('launchApp.download')}
            </Link>
          </li>
          <li>
            <Link to={continueInBrowserPath(search)} className="bp6-button" data-testid="launch-app-continue">
              {t('launchApp.continue')}
            </Link>
          </li>
        </ul>
      ) : null}
    </article>
  );
}
