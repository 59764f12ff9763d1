import { type RefObject, useEffect } from 'react';
import { COMPOSER_SHORTCUT } from './components/MessageComposer';

/**
 * Alt+M (the composer's shortcut) brings the keyboard to the text box from anywhere on the
 * screen that has one: the conversation screen and the desktop's captions box.
 */
export function useComposerShortcut(composer: RefObject<HTMLTextAreaElement | null>): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (
        event.altKey &&
        !event.ctrlKey &&
        !event.metaKey &&
        event.code === `Key${COMPOSER_SHORTCUT.key.toUpperCase()}`
      ) {
        if (!composer.current) return;
        event.preventDefault();
        composer.current.focus();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [composer]);
}
