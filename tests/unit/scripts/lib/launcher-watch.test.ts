import { describe, expect, it } from 'vitest';
import { type ProcessInfo, launchChain, readProcessInfo } from '../../../../scripts/lib/launcher-watch';

function tree(entries: Record<number, ProcessInfo>) {
  return (pid: number) => entries[pid];
}

describe('launchChain', () => {
  it('watches tsx, the shell and npm, but not the shell the person typed npm start in', () => {
    const read = tree({
      500: { ppid: 400, name: 'node' }, // scripts/start.ts under tsx's loader
      400: { ppid: 300, name: 'node' }, // tsx
      300: { ppid: 200, name: 'sh' },
      200: { ppid: 100, name: 'npm start' },
      100: { ppid: 50, name: 'bash' },
      50: { ppid: 1, name: 'sshd' },
    });
    expect(launchChain(500, read)).toEqual([400, 300, 200]);
  });

  it('knows Node 22 and later by the name of their main thread', () => {
    const read = tree({
      500: { ppid: 400, name: 'MainThread' }, // scripts/start.ts on Node 24
      400: { ppid: 300, name: 'MainThread' }, // tsx
      300: { ppid: 200, name: 'sh' },
      200: { ppid: 100, name: 'npm start' },
      100: { ppid: 1, name: 'bash' },
    });
    expect(launchChain(500, read)).toEqual([400, 300, 200]);
  });

  it('stops at init, at an unknown process, and after a bounded number of steps', () => {
    expect(launchChain(10, tree({ 10: { ppid: 1, name: 'node' } }))).toEqual([]);
    expect(launchChain(10, tree({ 10: { ppid: 9, name: 'node' } }))).toEqual([]);
    const deep: Record<number, ProcessInfo> = {};
    for (let pid = 100; pid > 2; pid--) deep[pid] = { ppid: pid - 1, name: 'node' };
    expect(launchChain(100, tree(deep), 3)).toEqual([99, 98, 97]);
  });

  it('knows npm by its path or its title', () => {
    const read = tree({
      20: { ppid: 10, name: 'node' },
      10: { ppid: 5, name: '/usr/lib/node_modules/npm/bin/npm-cli' },
      5: { ppid: 1, name: 'fish' },
    });
    expect(launchChain(20, read)).toEqual([10]);
  });
});

describe('readProcessInfo', () => {
  it.runIf(process.platform === 'linux')('reads this process: its parent and its name', () => {
    expect(readProcessInfo(process.pid)).toEqual({ ppid: process.ppid, name: expect.any(String) });
    expect(readProcessInfo(2 ** 22 + 7)).toBeUndefined();
  });
});
