/**
 * The main process's log: one line per event on the console, tagged so it can be told apart
 * from the renderers' and the offline process's lines in the same terminal or log file.
 */
export type LogLevel = 'info' | 'warn' | 'error';

export type MainLog = (level: LogLevel, message: string, error?: unknown) => void;

export const LOG_TAG = '[hearken:main]';

export function consoleLog(console: Pick<Console, LogLevel>): MainLog {
  return (level, message, error) => console[level](`${LOG_TAG} ${message}`, ...(error ? [error] : []));
}
