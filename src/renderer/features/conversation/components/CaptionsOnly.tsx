import { Button } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CaptionsView } from '../../captions/components/CaptionsView';
import { Notifications } from '../../notifications/components/Notifications';
import { ConnectionNotice } from '../../socket/components/ConnectionNotice';

/**
 * The spec's full screen: nothing but the captions, filling the screen (the browser's full
 * screen where it allows it, the whole window otherwise), for a phone or for reading across a
 * room. The way back is one tap or one key away: the button in the corner, or Escape.
 */
export function CaptionsOnly({ onExit }: { onExit: () => void }) {
  const { t } = useTranslation();
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = document.documentElement;
    let fullScreen = false;
    if (typeof root.requestFullscreen === 'function' && !document.fullscreenElement) {
      root.requestFullscreen().then(
        () => {
          fullScreen = true;
        },
        () => undefined, // Refused (no user gesture, an iframe, a phone browser): the window is enough.
      );
    }
    // Leaving the browser's full screen (its own Escape, a gesture) leaves captions-only too.
    const onFullScreenChange = () => {
      if (fullScreen && !document.fullscreenElement) onExit();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onExit();
    };
    document.body.classList.add('captions-only-open');
    document.addEventListener('fullscreenchange', onFullScreenChange);
    window.addEventListener('keydown', onKey);
    container.current?.querySelector<HTMLElement>('[role="region"]')?.focus();
    return () => {
      document.body.classList.remove('captions-only-open');
      document.removeEventListener('fullscreenchange', onFullScreenChange);
      window.removeEventListener('keydown', onKey);
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    };
  }, [onExit]);

  return (
    <div ref={container} className="captions-only" data-testid="captions-only">
      {/* Notices take their own room above the captions here: floating, they covered the newest lines. */}
      <div className="captions-only-notices">
        <ConnectionNotice />
        <Notifications inline />
      </div>
      <CaptionsView />
      <Button
        className="captions-only-exit"
        icon="minimize"
        data-testid="captions-only-exit"
        onClick={onExit}
      >
        {t('conversation.showControls')}
      </Button>
    </div>
  );
}
