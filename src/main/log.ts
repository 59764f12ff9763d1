/**
 * The main process's log: one line per event, tagged so it can be told apart from the renderers'
 * and the offline process's lines. The packaged app writes it to a file with `electron-log`
 * (main.log in the app's logs folder: ~/.config/Hearken/logs on Linux,
 * ~/Library/Logs/Hearken on macOS, %APPDATA%\Hearken\logs on Windows), since a tray app has no
 * terminal and a person reporting a problem needs something to send; the console gets the same
 * lines during development.
 */
export type LogLevel = 'info' | 'warn' | 'error';

export type MainLog = (level: LogLevel, message: string, error?: unknown) => void;

export const LOG_TAG = '[hearken:main]';

/** The part of electron-log's logger this log uses (a fake in tests). */
export interface LevelLogger {
  info(...params: unknown[]): void;
  warn(...params: unknown[]): void;
  error(...params: unknown[]): void;
}

/** One log line per event through `logger` (electron-log: its file and the console). */
export function loggerLog(logger: LevelLogger): MainLog {
  return (level, message, error) => logger[level](`${LOG_TAG} ${message}`, ...(error ? [error] : []));
}

/** The log file's size bound: electron-log keeps one previous file (main.old.log) beside it. */
export const LOG_FILE_MAX_BYTES = 5 * 1024 * 1024;
