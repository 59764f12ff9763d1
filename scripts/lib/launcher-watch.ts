/**
 * `npm start` is a chain of processes: npm, the shell npm runs the script in, tsx, and this
 * script. Killing npm by its pid (a service manager, `kill <pid>` from another terminal) ends
 * npm alone: the shell, tsx and this script are re-parented and live on, and with them the
 * server and the Auth emulator. So the script watches every process of its own launch (up to the
 * shell or terminal the person typed `npm start` in, which it does not watch: `nohup npm start &`
 * must outlive that shell) and stops everything when one of them is gone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface ProcessInfo {
  ppid: number;
  /** The executable's short name (Linux comm, macOS ps comm). */
  name: string;
}

/** Names of the processes `npm start` is made of (npm runs as node on some systems). */
// Node 22 and later name their main thread, so /proc shows node processes as "MainThread".
const LAUNCH_NAMES = /^(node|nodejs|MainThread|npm|npm-cli|npx|tsx|sh|dash|cmd\.exe|node\.exe)$/;

/** npm names itself by what it runs ("npm start"); paths and arguments are not the name. */
function commandName(name: string): string {
  return (name.split(/[\\/]/).pop() ?? '').split(' ')[0] ?? '';
}

/**
 * The ancestors of `pid` that belong to its launch, nearest first: up to the first that is not
 * node, npm, tsx or the shell npm uses (that one, the person's shell, is not included).
 */
export function launchChain(pid: number, read: (pid: number) => ProcessInfo | undefined, max = 8): number[] {
  const chain: number[] = [];
  let current = read(pid);
  while (current && current.ppid > 1 && chain.length < max) {
    const parent = read(current.ppid);
    if (!parent || !LAUNCH_NAMES.test(commandName(parent.name))) break;
    chain.push(current.ppid);
    current = parent;
  }
  return chain;
}

/** Linux reads /proc; macOS and the BSDs ask ps; elsewhere nothing is known (only the parent is watched). */
export function readProcessInfo(pid: number): ProcessInfo | undefined {
  try {
    if (process.platform === 'linux') {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split at the last ')'.
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      return Number.isInteger(ppid) ? { ppid, name } : undefined;
    }
    if (process.platform === 'darwin' || process.platform.endsWith('bsd')) {
      const out = execFileSync('ps', ['-o', 'ppid=,comm=', '-p', String(pid)], { encoding: 'utf8' }).trim();
      const match = /^(\d+)\s+(.*)$/.exec(out);
      return match ? { ppid: Number(match[1]), name: match[2]! } : undefined;
    }
  } catch {
    return undefined;
  }
  return undefined;
}
