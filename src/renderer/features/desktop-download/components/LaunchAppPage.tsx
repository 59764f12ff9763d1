import { H1, Icon } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { DESKTOP_OPEN_DEEP_LINK } from '../../../../shared/desktop';
import { ROUTES } from '../../../../shared/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LAUNCH_APP_FALLBACK_MS, continueInBrowserPath } from '../launch';

export const LAUNCH_FRAME_TEST_ID = 'launch-app-frame';

/**
 * Follows the deep link in a hidden frame of the page, not the page itself: a browser with no
 * handler for the scheme then leaves the page as it was (Chromium keeps a top-level attempt
 * pending, and the page's keyboard and clicks with it), so the fallback stays usable. The frame
 * goes when the page does.
 */
export function openInFrame(url: string): () => void {
  const frame = document.createElement('iframe');
  frame.hidden = true;
  frame.title = url;
  frame.dataset.testid = LAUNCH_FRAME_TEST_ID;
  frame.src = url;
  document.body.append(frame);
  return () => frame.remove();
}

/**
 * /convo-v2/launch-app: opens the desktop app by its deep link at once, and after a short wait
 * offers the other ways (open it again, download it, continue in the browser), announced as a
 * status and reachable by Tab. `open` is how the link is followed (a test can watch it); it
 * returns how to undo it.
 */
export function LaunchAppPage({ open = openInFrame }: { open?: (url: string) => (() => void) | void }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const [fallback, setFallback] = useState(false);
  useDocumentTitle(t('launchApp.title'));
  useEffect(() => {
    const undo = open(DESKTOP_OPEN_DEEP_LINK);
    const timer = setTimeout(() => setFallback(true), LAUNCH_APP_FALLBACK_MS);
    return () => {
      clearTimeout(timer);
      undo?.();
    };
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
