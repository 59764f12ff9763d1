/**
 * The global shortcut that toggles captions from anywhere (configurable). Registering can fail
 * when another application holds the combination; the previous shortcut is then kept working
 * and the problem is reported, so the user is never left without one by a typo.
 */
import { checkGlobalAccelerator } from '../shared/accelerator';

export interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export type ShortcutOutcome = 'registered' | 'cleared' | 'invalid' | 'taken';

export class CaptionsShortcut {
  private current = '';

  constructor(
    private readonly globalShortcut: GlobalShortcutLike,
    private readonly onTrigger: () => void,
  ) {}

  get accelerator(): string {
    return this.current;
  }

  /** Makes `accelerator` the shortcut ('' for none). */
  apply(accelerator: string): ShortcutOutcome {
    if (accelerator.trim() === '') {
      this.release();
      return 'cleared';
    }
    const checked = checkGlobalAccelerator(accelerator);
    if (!checked.ok) return 'invalid';
    if (checked.accelerator === this.current) return 'registered';
    const previous = this.current;
    if (previous) this.globalShortcut.unregister(previous);
    let ok = false;
    try {
      ok = this.globalShortcut.register(checked.accelerator, this.onTrigger);
    } catch {
      ok = false;
    }
    if (ok) {
      this.current = checked.accelerator;
      return 'registered';
    }
    // Put the old one back so the user keeps a working shortcut.
    if (previous && !this.globalShortcut.register(previous, this.onTrigger)) this.current = '';
    return 'taken';
  }

  release(): void {
    if (this.current) this.globalShortcut.unregister(this.current);
    this.current = '';
  }
}
