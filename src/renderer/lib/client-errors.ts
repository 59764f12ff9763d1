/**
 * Client errors reach the server (conversation.md: "client errors go to an error-reporting
 * service"): window.onerror, unhandled promise rejections and the crash page each become one
 * client log entry (lib/client-logs.ts ships it). Each entry is bounded (message and stack cut
 * to a size), and the reporter sends at most CLIENT_ERRORS_PER_WINDOW in CLIENT_ERROR_WINDOW_MS
 * and never the same error twice in that window: a render loop that throws every frame costs
 * the server a few entries, not thousands.
 */
import { CLIENT_ERROR_TAG } from '../../shared/analytics';
import type { Logger } from './logger';

export const CLIENT_ERROR_MESSAGE_MAX = 500;
export const CLIENT_ERROR_STACK_MAX = 2000;
export const CLIENT_ERRORS_PER_WINDOW = 10;
export const CLIENT_ERROR_WINDOW_MS = 60_000;

export type ClientErrorSource = 'window.onerror' | 'unhandledrejection' | 'crash-page';

export interface ClientErrorDetails {
  source: ClientErrorSource;
  name: string;
  message: string;
  stack?: string;
  where?: string;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** What is sent about a thrown value, whatever it is (an Error, a string, an object...). */
export function describeClientError(
  source: ClientErrorSource,
  error: unknown,
  where?: { file?: string; line?: number; column?: number },
): ClientErrorDetails {
  const isError = error instanceof Error;
  let message: string;
  if (isError) message = error.message;
  else if (typeof error === 'string') message = error;
  else {
    try {
      message = JSON.stringify(error) ?? String(error);
    } catch {
      message = String(error);
    }
  }
  const file = where?.file ? `${where.file}:${where.line ?? 0}:${where.column ?? 0}` : undefined;
  return {
    source,
    name: isError ? cut(error.name, 100) : typeof error,
    message: cut(message, CLIENT_ERROR_MESSAGE_MAX),
    ...(isError && error.stack ? { stack: cut(error.stack, CLIENT_ERROR_STACK_MAX) } : {}),
    ...(file ? { where: cut(file, 300) } : {}),
  };
}

export interface ClientErrorReporter {
  /** Sends one entry for this error unless the window's allowance is spent or it was just sent; true if sent. */
  report(details: ClientErrorDetails): boolean;
}

export function clientErrorReporter(logger: Logger, now: () => number): ClientErrorReporter {
  let windowStart = -Infinity;
  let sent = 0;
  const seen = new Set<string>();
  return {
    report(details) {
      const at = now();
      if (at - windowStart >= CLIENT_ERROR_WINDOW_MS) {
        windowStart = at;
        sent = 0;
        seen.clear();
      }
      const key = `${details.source}|${details.name}|${details.message}`;
      if (sent >= CLIENT_ERRORS_PER_WINDOW || seen.has(key)) return false;
      sent += 1;
      seen.add(key);
      const { message, ...extra } = details;
      logger.log('error', CLIENT_ERROR_TAG, `${details.name}: ${message}`, extra);
      return true;
    },
  };
}

/** The page's reporter once start-up made it (main.tsx); the crash page reports through it. */
let installed: ClientErrorReporter | undefined;

export function reportClientError(source: ClientErrorSource, error: unknown): void {
  installed?.report(describeClientError(source, error));
}

/** Listens to the window's uncaught errors and unhandled rejections; returns how to stop. */
export function installClientErrorHandlers(target: Window, reporter: ClientErrorReporter): () => void {
  installed = reporter;
  const onError = (event: ErrorEvent) => {
    reporter.report(
      describeClientError('window.onerror', event.error ?? event.message, {
        file: event.filename,
        line: event.lineno,
        column: event.colno,
      }),
    );
  };
  const onRejection = (event: PromiseRejectionEvent) => {
    reporter.report(describeClientError('unhandledrejection', event.reason));
  };
  target.addEventListener('error', onError);
  target.addEventListener('unhandledrejection', onRejection);
  return () => {
    if (installed === reporter) installed = undefined;
    target.removeEventListener('error', onError);
    target.removeEventListener('unhandledrejection', onRejection);
  };
}
