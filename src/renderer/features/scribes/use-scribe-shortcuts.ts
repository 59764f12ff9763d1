import { useEffect } from 'react';
import {
  type ScribeShortcut,
  type ScribeShortcutAction,
  scribeShortcutOf,
} from '../../../shared/scribe/shortcuts';

/** The Scribe keyboard shortcuts of one screen (shared/scribe/shortcuts.ts), while it is shown. */
export function useScribeShortcuts(
  where: ScribeShortcut['where'],
  enabled: boolean,
  handlers: Partial<Record<ScribeShortcutAction, () => void>>,
): void {
  useEffect(() => {
    if (!enabled) return undefined;
    const onKey = (event: KeyboardEvent) => {
      const action = scribeShortcutOf(event, where);
      const handler = action ? handlers[action] : undefined;
      if (!handler) return;
      event.preventDefault();
      handler();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [where, enabled, handlers]);
}
