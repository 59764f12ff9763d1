import { describe, expect, it, vi } from 'vitest';
import { LOG_FILE_MAX_BYTES, LOG_TAG, loggerLog } from '../../../src/main/log';

describe('loggerLog over the console', () => {
  it('tags each line as main’s, at its level, with the error after it', () => {
    const console = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const log = loggerLog(console);
    const error = new Error('boom');
    log('warn', 'could not change start at login', error);
    log('info', 'started 2.2.0');
    expect(console.warn).toHaveBeenCalledWith('[hearken:main] could not change start at login', error);
    expect(console.info).toHaveBeenCalledWith('[hearken:main] started 2.2.0');
    expect(console.error).not.toHaveBeenCalled();
  });
});

describe('loggerLog (electron-log: the log file and the console)', () => {
  it('writes one tagged line per event at its level, with the error after it', () => {
    const lines: Array<[string, unknown[]]> = [];
    const logger = {
      info: (...params: unknown[]) => lines.push(['info', params]),
      warn: (...params: unknown[]) => lines.push(['warn', params]),
      error: (...params: unknown[]) => lines.push(['error', params]),
    };
    const log = loggerLog(logger);
    const failure = new Error('disk full');
    log('info', 'started');
    log('error', 'could not save', failure);
    expect(lines).toEqual([
      ['info', [`${LOG_TAG} started`]],
      ['error', [`${LOG_TAG} could not save`, failure]],
    ]);
  });

  it('bounds the file: a tray app runs for months', () => {
    expect(LOG_FILE_MAX_BYTES).toBeGreaterThan(0);
    expect(LOG_FILE_MAX_BYTES).toBeLessThanOrEqual(10 * 1024 * 1024);
  });
});
