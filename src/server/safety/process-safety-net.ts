/**
 * What the server process does with an error no handler caught (`uncaughtException`, or a
 * rejected promise nobody awaited). Never silent: each is logged with its stack and counted
 * (hearken_unexpected_errors_total). Then:
 *
 * - a connection's error (a peer reset or closed a socket: ECONNRESET, EPIPE, ...) is served on.
 *   Node emits those from its own stream machinery in a tick of their own, after the socket is
 *   already destroyed: none of our state was half-changed, and one client's reset must not end
 *   everyone's captions. Every raw socket has a guard (raw-sockets.ts), so reaching here means a
 *   guard is missing, which the log says;
 * - anything else is a bug whose state we cannot trust (Node's own advice: do not resume after
 *   an uncaught exception). The server stops as on SIGTERM, storing its rooms' last finals,
 *   within a deadline, and exits with a failure for its supervisor (`npm start`, systemd,
 *   Kubernetes) to start it again.
 *
 * `verdictOf` is the pure rule; `installSafetyNet` wires it to a process (main.ts only: tests run
 * servers inside the test process and keep its handlers).
 */
import { unexpectedErrors } from '../metrics';

export type UnexpectedOrigin = 'uncaughtException' | 'unhandledRejection';
export type Verdict = 'serve-on' | 'shut-down';

/** Errors that mean one connection's peer went away, and nothing more. */
export const PEER_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNABORTED',
  'ETIMEDOUT',
  'ENOTCONN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ERR_STREAM_DESTROYED',
  'ERR_STREAM_PREMATURE_CLOSE',
  'ERR_STREAM_WRITE_AFTER_END',
  'ERR_SOCKET_CLOSED',
]);

/** How long a clean stop after a bug may take before the process exits regardless. */
export const SAFETY_SHUTDOWN_DEADLINE_MS = 10_000;

export function verdictOf(error: unknown): Verdict {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && PEER_ERROR_CODES.has(code) ? 'serve-on' : 'shut-down';
}

/** What the net needs of a process (the real one, or a test's stand-in). */
export interface ProcessLike {
  on(event: 'uncaughtException', listener: (error: Error) => void): unknown;
  on(event: 'unhandledRejection', listener: (reason: unknown) => void): unknown;
  off(event: string, listener: (...args: never[]) => void): unknown;
}

export interface SafetyNetDeps {
  process: ProcessLike;
  log(level: 'warn' | 'error', message: string, extra: object): void;
  /** Stops the server cleanly (its rooms' last finals stored). */
  shutdown(): Promise<void>;
  exit(code: number): void;
  deadlineMs?: number;
  setTimer?(callback: () => void, ms: number): { unref?(): void };
}

function describe(error: unknown): { error: string; code?: string; stack?: string } {
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return {
      error: error.message,
      ...(typeof code === 'string' ? { code } : {}),
      ...(error.stack ? { stack: error.stack } : {}),
    };
  }
  return { error: String(error) };
}

/** Installs the net; returns what uninstalls it. */
export function installSafetyNet(deps: SafetyNetDeps): () => void {
  let stopping = false;
  const setTimer = deps.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const caught = (origin: UnexpectedOrigin) => (error: unknown) => {
    const verdict = verdictOf(error);
    unexpectedErrors.inc({ origin, outcome: verdict === 'serve-on' ? 'served-on' : 'shut-down' });
    if (verdict === 'serve-on') {
      deps.log('warn', 'a connection’s error reached the process (its socket lacks a guard); serving on', {
        origin,
        ...describe(error),
      });
      return;
    }
    deps.log('error', 'an unexpected error: stopping cleanly to be restarted', {
      origin,
      ...describe(error),
    });
    if (stopping) return;
    stopping = true;
    const deadline = setTimer(() => deps.exit(1), deps.deadlineMs ?? SAFETY_SHUTDOWN_DEADLINE_MS);
    deadline.unref?.();
    deps.shutdown().then(
      () => deps.exit(1),
      (stopError: unknown) => {
        deps.log('error', 'the clean stop failed', describe(stopError));
        deps.exit(1);
      },
    );
  };
  const onException = caught('uncaughtException');
  const onRejection = caught('unhandledRejection');
  deps.process.on('uncaughtException', onException);
  deps.process.on('unhandledRejection', onRejection);
  return () => {
    deps.process.off('uncaughtException', onException);
    deps.process.off('unhandledRejection', onRejection);
  };
}
