import { describe, expect, it, vi } from 'vitest';
import { CaptionsShortcut, type GlobalShortcutLike } from '../../../src/main/shortcut';

function fakeGlobalShortcut(taken: string[] = []) {
  const registered = new Map<string, () => void>();
  const gs: GlobalShortcutLike = {
    register: (a, cb) => {
      if (taken.includes(a) || registered.has(a)) return false;
      registered.set(a, cb);
      return true;
    },
    unregister: (a) => void registered.delete(a),
  };
  return { gs, registered };
}

describe('CaptionsShortcut', () => {
  it('registers the shortcut, and pressing it toggles captions', () => {
    const { gs, registered } = fakeGlobalShortcut();
    const toggle = vi.fn();
    const shortcut = new CaptionsShortcut(gs, toggle);
    expect(shortcut.apply('ctrl+alt+h')).toBe('registered');
    expect([...registered.keys()]).toEqual(['Ctrl+Alt+H']);
    registered.get('Ctrl+Alt+H')!();
    expect(toggle).toHaveBeenCalledTimes(1);
  });

  it('moves to a new shortcut, releasing the old one', () => {
    const { gs, registered } = fakeGlobalShortcut();
    const shortcut = new CaptionsShortcut(gs, vi.fn());
    shortcut.apply('Ctrl+Alt+H');
    expect(shortcut.apply('Ctrl+Shift+K')).toBe('registered');
    expect([...registered.keys()]).toEqual(['Ctrl+Shift+K']);
  });

  it('keeps the old shortcut when the new one is held by another app', () => {
    const { gs, registered } = fakeGlobalShortcut(['Ctrl+Shift+K']);
    const shortcut = new CaptionsShortcut(gs, vi.fn());
    shortcut.apply('Ctrl+Alt+H');
    expect(shortcut.apply('Ctrl+Shift+K')).toBe('taken');
    expect([...registered.keys()]).toEqual(['Ctrl+Alt+H']);
    expect(shortcut.accelerator).toBe('Ctrl+Alt+H');
  });

  it('refuses an invalid one without touching the current, and clears on empty', () => {
    const { gs, registered } = fakeGlobalShortcut();
    const shortcut = new CaptionsShortcut(gs, vi.fn());
    shortcut.apply('Ctrl+Alt+H');
    expect(shortcut.apply('H')).toBe('invalid');
    expect(registered.size).toBe(1);
    expect(shortcut.apply('')).toBe('cleared');
    expect(registered.size).toBe(0);
  });
});
