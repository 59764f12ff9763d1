/**
 * Lets a helper process end when the process that started it is gone. `npm start` runs the
 * server and the Auth emulator as children; if `npm start` itself is killed outright (SIGKILL, a
 * crashed terminal), nothing tells the children, and they would keep the port (the next start
 * fails) and, for the emulator, the accounts it has not exported yet. No platform reports a
 * parent's death portably, so the child polls: the parent is gone when this process has been
 * re-parented (to init or a subreaper) or when the parent's id answers no signal.
 */

/** Name of the variable a launcher sets to its own pid so the child can watch it. */
export const PARENT_PID_ENV = 'HEARKEN_PARENT_PID';

export const PARENT_POLL_MS = 1000;

/** The pid to watch, from the environment; undefined unless it is a positive whole number. */
export function parentPidFromEnv(env: Record<string, string | undefined>): number | undefined {
  const raw = env[PARENT_PID_ENV];
  if (raw === undefined || !/^[1-9]\d*$/.test(raw)) return undefined;
  return Number(raw);
}

export interface ProcessProbe {
  /** This process's current parent id. */
  currentParentPid(): number;
  /** Whether a process with this id exists. */
  isAlive(pid: number): boolean;
}

export const nodeProcessProbe: ProcessProbe = {
  currentParentPid: () => process.ppid,
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists but belongs to someone else; only ESRCH means gone.
      return (error as NodeJS.ErrnoException).code !== 'ESRCH';
    }
  },
};

/** Whether the watched parent is gone, by either sign. */
export function parentIsGone(parentPid: number, probe: ProcessProbe): boolean {
  return probe.currentParentPid() !== parentPid || !probe.isAlive(parentPid);
}

/**
 * Calls `onGone` once, at the first poll that finds the parent gone. Returns a function that
 * stops watching. The timer does not keep the process alive.
 */
export function watchParent(
  parentPid: number,
  onGone: () => void,
  options: { intervalMs?: number; probe?: ProcessProbe } = {},
): () => void {
  const probe = options.probe ?? nodeProcessProbe;
  const timer = setInterval(() => {
    if (!parentIsGone(parentPid, probe)) return;
    clearInterval(timer);
    onGone();
  }, options.intervalMs ?? PARENT_POLL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
