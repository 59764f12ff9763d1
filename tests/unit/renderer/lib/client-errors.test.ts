/**
 * Client errors (lib/client-errors.ts): an uncaught error, an unhandled rejection and the crash
 * page each become one bounded client log entry; repeats and floods are held back per window.
 */
import { describe, expect, it } from 'vitest';
import {
  CLIENT_ERROR_MESSAGE_MAX,
  CLIENT_ERROR_STACK_MAX,
  CLIENT_ERROR_WINDOW_MS,
  CLIENT_ERRORS_PER_WINDOW,
  clientErrorReporter,
  describeClientError,
  installClientErrorHandlers,
  reportClientError,
} from '../../../../src/renderer/lib/client-errors';
import type { Logger, LogLevel } from '../../../../src/renderer/lib/logger';

function recording() {
  const entries: { level: LogLevel; tag: string; msg: string; extra: unknown }[] = [];
  const logger: Logger = { log: (level, tag, msg, extra) => void entries.push({ level, tag, msg, extra }) };
  return { entries, logger };
}

describe('describeClientError', () => {
  it('cuts the message and the stack to their bounds', () => {
    const error = new RangeError('m'.repeat(5000));
    error.stack = 's'.repeat(10_000);
    const details = describeClientError('window.onerror', error, { file: 'app.js', line: 3, column: 9 });
    expect(details.name).toBe('RangeError');
    expect(details.message).toHaveLength(CLIENT_ERROR_MESSAGE_MAX);
    expect(details.stack).toHaveLength(CLIENT_ERROR_STACK_MAX);
    expect(details.where).toBe('app.js:3:9');
  });

  it('describes what is not an Error (a string, an object)', () => {
    expect(describeClientError('unhandledrejection', 'offline')).toMatchObject({
      name: 'string',
      message: 'offline',
    });
    expect(describeClientError('unhandledrejection', { code: 7 })).toMatchObject({
      name: 'object',
      message: '{"code":7}',
    });
  });
});

describe('clientErrorReporter', () => {
  it('sends each error once per window and at most the window’s allowance', () => {
    const { entries, logger } = recording();
    let now = 0;
    const reporter = clientErrorReporter(logger, () => now);
    const boom = describeClientError('window.onerror', new Error('boom'));
    expect(reporter.report(boom)).toBe(true);
    expect(reporter.report(boom)).toBe(false);
    expect(entries).toEqual([
      {
        level: 'error',
        tag: 'client-error',
        msg: 'Error: boom',
        extra: expect.objectContaining({ source: 'window.onerror' }),
      },
    ]);
    for (let i = 0; i < CLIENT_ERRORS_PER_WINDOW * 3; i += 1)
      reporter.report(describeClientError('window.onerror', new Error(`flood ${i}`)));
    expect(entries).toHaveLength(CLIENT_ERRORS_PER_WINDOW);
    now = CLIENT_ERROR_WINDOW_MS;
    expect(reporter.report(boom)).toBe(true);
  });
});

describe('installClientErrorHandlers', () => {
  it('reports uncaught errors, unhandled rejections and the crash page, until removed', () => {
    const { entries, logger } = recording();
    const target = new EventTarget() as unknown as Window;
    const remove = installClientErrorHandlers(
      target,
      clientErrorReporter(logger, () => 0),
    );
    const error = Object.assign(new Event('error'), {
      error: new TypeError('x is undefined'),
      filename: 'app.js',
      lineno: 1,
      colno: 2,
    });
    target.dispatchEvent(error);
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('fetch failed') }),
    );
    reportClientError('crash-page', new Error('render failed'));
    expect(entries.map((e) => [e.msg, (e.extra as { source: string }).source])).toEqual([
      ['TypeError: x is undefined', 'window.onerror'],
      ['Error: fetch failed', 'unhandledrejection'],
      ['Error: render failed', 'crash-page'],
    ]);
    remove();
    target.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: new Error('later') }));
    reportClientError('crash-page', new Error('after'));
    expect(entries).toHaveLength(3);
  });
});
