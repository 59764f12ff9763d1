/**
 * Client logs: a Logger that writes to the console as before and also ships entries (with the
 * spec's fields: tag, msg, level, extra, os, app, browser, device, timestamp) to the server's
 * POST /pushClientLogsToElastic, in batches, with the credential of whoever uses the client
 * (the server refuses logs without one): entries wait until the session has one. Debug entries
 * stay local; a failed post is dropped, never retried in a loop and never logged through itself.
 */
import { CLIENT_LOG_MAX_MSG, CLIENT_LOGS_MAX_ENTRIES, type ClientLogEntry } from '../../shared/user';
import type { LogLevel, Logger } from './logger';

/** Batches are sent this long after their first entry. */
export const CLIENT_LOG_FLUSH_MS = 5000;
/** Entries kept while the server cannot be reached; older ones are dropped first. */
export const CLIENT_LOG_BUFFER_MAX = 500;

export interface ClientInfo {
  os: string;
  app: string;
  browser: string;
  device: string;
}

/** Coarse facts of the browser, from its user agent (no fingerprinting detail). */
export function clientInfoFrom(userAgent: string, app: string, touch: boolean): ClientInfo {
  const ua = userAgent;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iPod/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : 'unknown';
  const browser = /Electron\//.test(ua)
    ? 'Electron'
    : /Edg\//.test(ua)
      ? 'Edge'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrome\/|Chromium\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : 'unknown';
  const device = /Mobi|iPhone|Android/.test(ua)
    ? 'mobile'
    : /iPad|Tablet/.test(ua) || touch
      ? 'tablet'
      : 'desktop';
  return { os, app, browser, device };
}

function extraOf(extra: unknown): Record<string, unknown> | undefined {
  if (extra === undefined) return undefined;
  if (extra instanceof Error) return { error: `${extra.name}: ${extra.message}` };
  if (typeof extra === 'object' && extra !== null && !Array.isArray(extra)) {
    try {
      const text = JSON.stringify(extra);
      if (text.length <= CLIENT_LOG_MAX_MSG) return JSON.parse(text) as Record<string, unknown>;
    } catch {
      // not serialisable: described below
    }
  }
  return { value: String(extra).slice(0, 500) };
}

export interface ClientLogShipper extends Logger {
  /** Sends what is waiting now (on page hide, in tests). */
  flush(): Promise<void>;
}

export function shippingLogger(options: {
  local: Logger;
  info: ClientInfo;
  /** The headers that prove who sends (a guest's or an account's); undefined while there is none. */
  credential: () => Record<string, string> | undefined;
  post: (entries: ClientLogEntry[], headers: Record<string, string>) => Promise<boolean>;
  now: () => number;
  schedule?: (fn: () => void, ms: number) => unknown;
}): ClientLogShipper {
  const { local, info, credential, post, now } = options;
  const schedule = options.schedule ?? ((fn, ms) => setTimeout(fn, ms));
  let buffer: ClientLogEntry[] = [];
  let scheduled = false;
  let sending = false;

  const later = () => {
    if (scheduled) return;
    scheduled = true;
    schedule(() => {
      scheduled = false;
      void flush();
    }, CLIENT_LOG_FLUSH_MS);
  };

  const flush = async (): Promise<void> => {
    if (sending || buffer.length === 0) return;
    const headers = credential();
    if (!headers) {
      // Nobody to send them as yet (the session is starting): they wait, up to the buffer's size.
      later();
      return;
    }
    sending = true;
    try {
      while (buffer.length > 0) {
        const batch = buffer.slice(0, CLIENT_LOGS_MAX_ENTRIES);
        buffer = buffer.slice(batch.length);
        const ok = await post(batch, headers).catch(() => false);
        if (!ok) break;
      }
    } finally {
      sending = false;
    }
  };

  return {
    flush,
    log(level: LogLevel, tag: string, msg: string, extra?: unknown) {
      local.log(level, tag, msg, extra);
      if (level === 'debug') return;
      const details = extraOf(extra);
      buffer.push({
        tag: tag.slice(0, 100),
        msg: msg.slice(0, CLIENT_LOG_MAX_MSG),
        level,
        ...(details ? { extra: details } : {}),
        ...info,
        timestamp: now(),
      });
      if (buffer.length > CLIENT_LOG_BUFFER_MAX) buffer.splice(0, buffer.length - CLIENT_LOG_BUFFER_MAX);
      later();
    },
  };
}
