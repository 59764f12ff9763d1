import { describe, expect, it, vi } from 'vitest';
import { consoleLog } from '../../../src/main/log';

describe('consoleLog', () => {
  it('tags each line as main’s, at its level, with the error after it', () => {
    const console = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const log = consoleLog(console);
    const error = new Error('boom');
    log('warn', 'could not change start at login', error);
    log('info', 'started 2.2.0');
    expect(console.warn).toHaveBeenCalledWith('[hearken:main] could not change start at login', error);
    expect(console.info).toHaveBeenCalledWith('[hearken:main] started 2.2.0');
    expect(console.error).not.toHaveBeenCalled();
  });
});
