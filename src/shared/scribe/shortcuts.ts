/**
 * The Scribe keyboard shortcuts (conversation.md: "Scribe keyboard shortcuts are for Scribes
 * only"), one list for the dashboard's help, the conversation's Scribe panel and docs/scribes.md.
 * Alt+Shift so they never take a key a screen reader, the browser or typing uses; the editor's
 * own keys (words, Enter to commit) are the editor's.
 */
export interface ScribeShortcut {
  /** What `KeyboardEvent.code` says (layout-independent). */
  code: string;
  /** Shown to people. */
  keys: string;
  /** Translation key of what it does (scribe.shortcuts.*). */
  action: ScribeShortcutAction;
  where: 'dashboard' | 'conversation';
}

export type ScribeShortcutAction =
  'acceptOldest' | 'openServed' | 'focusChat' | 'toggleMode' | 'backToDashboard' | 'refresh';

export const SCRIBE_SHORTCUTS: readonly ScribeShortcut[] = [
  { code: 'KeyA', keys: 'Alt+Shift+A', action: 'acceptOldest', where: 'dashboard' },
  { code: 'KeyO', keys: 'Alt+Shift+O', action: 'openServed', where: 'dashboard' },
  { code: 'KeyR', keys: 'Alt+Shift+R', action: 'refresh', where: 'dashboard' },
  { code: 'KeyC', keys: 'Alt+Shift+C', action: 'focusChat', where: 'dashboard' },
  { code: 'KeyM', keys: 'Alt+Shift+M', action: 'toggleMode', where: 'conversation' },
  { code: 'KeyC', keys: 'Alt+Shift+C', action: 'focusChat', where: 'conversation' },
  { code: 'KeyD', keys: 'Alt+Shift+D', action: 'backToDashboard', where: 'conversation' },
];

/** The shortcut a key press is, on this screen, if any. */
export function scribeShortcutOf(
  event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>,
  where: ScribeShortcut['where'],
): ScribeShortcutAction | undefined {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return undefined;
  return SCRIBE_SHORTCUTS.find((s) => s.where === where && s.code === event.code)?.action;
}
