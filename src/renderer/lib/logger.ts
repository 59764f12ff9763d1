/**
 * The renderer's log. One place so that a later change (sending client logs to the server, as
 * the spec's logging calls do) touches one file. Entries carry a tag naming the feature.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, tag: string, msg: string, extra?: unknown): void;
}

export const consoleLogger: Logger = {
  log(level, tag, msg, extra) {
    const line = `[${tag}] ${msg}`;
    const args = extra === undefined ? [line] : [line, extra];
    if (level === 'error') console.error(...args);
    else if (level === 'warn') console.warn(...args);
    else if (level === 'info') console.info(...args);
    else console.debug(...args);
  },
};

/** A logger that keeps entries, for tests. */
export function memoryLogger(): Logger & { entries: { level: LogLevel; tag: string; msg: string }[] } {
  const entries: { level: LogLevel; tag: string; msg: string }[] = [];
  return {
    entries,
    log(level, tag, msg) {
      entries.push({ level, tag, msg });
    },
  };
}
