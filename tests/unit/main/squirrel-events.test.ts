import { describe, expect, it } from 'vitest';
import { squirrelPlan } from '../../../src/main/squirrel-events';

const EXE = 'C:\\Users\\ann\\AppData\\Local\\hearken\\app-2.2.0\\Hearken.exe';
const UPDATE_EXE = 'C:\\Users\\ann\\AppData\\Local\\hearken\\Update.exe';

describe('squirrelPlan', () => {
  it('is a normal start without a Squirrel flag, and on every platform but Windows', () => {
    expect(squirrelPlan([EXE], 'win32', EXE)).toBeUndefined();
    expect(
      squirrelPlan(['/usr/bin/hearken', '--squirrel-install'], 'linux', '/usr/bin/hearken'),
    ).toBeUndefined();
    expect(squirrelPlan([EXE, '--squirrel-something-new'], 'win32', EXE)).toBeUndefined();
  });

  it('makes the shortcuts on install and update, then quits', () => {
    for (const flag of ['--squirrel-install', '--squirrel-updated']) {
      const plan = squirrelPlan([EXE, flag, '2.2.0'], 'win32', EXE)!;
      expect(plan.quit).toBe(true);
      expect(plan.removeLoginItem).toBe(false);
      expect(plan.command!.args).toEqual(['--createShortcut=Hearken.exe']);
      expect(plan.command!.file).toBe(UPDATE_EXE);
    }
  });

  it('removes the shortcuts and the start at login on uninstall, then quits', () => {
    const plan = squirrelPlan([EXE, '--squirrel-uninstall', '2.2.0'], 'win32', EXE)!;
    expect(plan).toMatchObject({ event: 'uninstall', quit: true, removeLoginItem: true });
    expect(plan.command).toEqual({ file: UPDATE_EXE, args: ['--removeShortcut=Hearken.exe'] });
  });

  it('only quits when an older version is replaced, and starts normally on the first run', () => {
    expect(squirrelPlan([EXE, '--squirrel-obsolete', '2.1.0'], 'win32', EXE)).toEqual({
      event: 'obsolete',
      removeLoginItem: false,
      quit: true,
    });
    expect(squirrelPlan([EXE, '--squirrel-firstrun'], 'win32', EXE)).toMatchObject({
      event: 'firstrun',
      quit: false,
    });
  });
});
