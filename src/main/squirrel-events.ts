/**
 * Squirrel.Windows install events. The Windows installer (forge's maker-squirrel) runs the app
 * once with `--squirrel-install`, `--squirrel-updated`, `--squirrel-uninstall` or
 * `--squirrel-obsolete` and waits for it to exit; the app must do the event's work and quit
 * at once, without windows, tray or single-instance lock (a tray icon would flash and the
 * installer would hang). `--squirrel-firstrun` is the first normal start after installing.
 *
 * Why not `electron-squirrel-startup`: it only makes and removes shortcuts and answers a
 * boolean; an uninstall must also remove what Hearken registered itself (start at login), and
 * each event is logged to the desktop log file. The decision is pure, so it is tested on any
 * platform; main.ts runs the commands it answers.
 */
import { win32 } from 'node:path';

export type SquirrelEvent = 'install' | 'updated' | 'uninstall' | 'obsolete' | 'firstrun';

export interface SquirrelPlan {
  event: SquirrelEvent;
  /** Update.exe and its arguments to run (detached), if any. */
  command?: { file: string; args: string[] };
  /** Stop starting at login: the app is being removed. */
  removeLoginItem: boolean;
  /** Exit right after (every event but firstrun). */
  quit: boolean;
}

const EVENTS: readonly SquirrelEvent[] = ['install', 'updated', 'uninstall', 'obsolete', 'firstrun'];

/** The Squirrel event in `argv` (Windows only), and what to do about it; undefined for a normal start. */
export function squirrelPlan(
  argv: readonly string[],
  platform: string,
  execPath: string,
): SquirrelPlan | undefined {
  if (platform !== 'win32') return undefined;
  const flag = argv.slice(1).find((arg) => arg.startsWith('--squirrel-'));
  if (!flag) return undefined;
  const event = flag.slice('--squirrel-'.length) as SquirrelEvent;
  if (!EVENTS.includes(event)) return undefined;
  // Squirrel installs each version in app-<version>\ beside Update.exe (Windows paths here).
  const updateExe = win32.resolve(win32.dirname(execPath), '..', 'Update.exe');
  const exeName = win32.basename(execPath);
  switch (event) {
    case 'install':
    case 'updated':
      return {
        event,
        command: { file: updateExe, args: [`--createShortcut=${exeName}`] },
        removeLoginItem: false,
        quit: true,
      };
    case 'uninstall':
      return {
        event,
        command: { file: updateExe, args: [`--removeShortcut=${exeName}`] },
        removeLoginItem: true,
        quit: true,
      };
    case 'obsolete':
      // An older version being replaced: nothing to do but leave.
      return { event, removeLoginItem: false, quit: true };
    case 'firstrun':
      return { event, removeLoginItem: false, quit: false };
  }
}
