/**
 * Log lines for a person at a terminal. The server logs JSON (pino) for machines; in a terminal
 * the same records are written as one short line each, and the ones that only repeat what every
 * request does (Fastify's per-request pair, the "listening" line the start banner already says)
 * are left out unless the level is debug, so the "Hearken is running" line stays in view.
 * Redaction happens before this (logs/redaction.ts): the record is already clean.
 */

export type LogFormat = 'pretty' | 'json';

/** HEARKEN_LOG_FORMAT, else pretty in a terminal and JSON when the output goes elsewhere. */
export function logFormatFrom(value: string | undefined, isTerminal: boolean): LogFormat {
  if (value === 'json' || value === 'pretty') return value;
  if (value !== undefined && value !== '')
    throw new Error(`HEARKEN_LOG_FORMAT must be json or pretty, not ${JSON.stringify(value)}`);
  return isTerminal ? 'pretty' : 'json';
}

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info',
  40: 'warn',
  50: 'error',
  60: 'fatal',
};

/** Records a terminal does not need at the info level: each request, and the listening address. */
function isRoutine(record: Record<string, unknown>): boolean {
  const msg = typeof record.msg === 'string' ? record.msg : '';
  return msg === 'incoming request' || msg === 'request completed' || msg.startsWith('Server listening at ');
}

const OMITTED = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'v']);

function value(v: unknown): string {
  if (typeof v === 'string') return /\s/.test(v) ? JSON.stringify(v) : v;
  return JSON.stringify(v);
}

/**
 * One JSON log line as a terminal line, or undefined when it is left out. `showRoutine`: the
 * debug level asked for everything.
 */
export function prettyLogLine(
  json: string,
  options: { showRoutine: boolean; colour: boolean },
): string | undefined {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.replace(/\n$/, '');
  }
  if (!options.showRoutine && isRoutine(record)) return undefined;
  const level = typeof record.level === 'number' ? (LEVELS[record.level] ?? String(record.level)) : 'info';
  const time = typeof record.time === 'number' ? new Date(record.time).toTimeString().slice(0, 8) : '';
  const err = record.err as { message?: unknown; stack?: unknown } | undefined;
  const extras = Object.entries(record)
    .filter(([k]) => !OMITTED.has(k) && k !== 'err')
    .map(([k, v]) => `${k}=${value(v)}`);
  const tag = level === 'info' ? '' : `${level.toUpperCase()} `;
  const paint = (text: string) =>
    !options.colour || level === 'info' || level === 'debug' || level === 'trace'
      ? text
      : `\u001b[${level === 'warn' ? 33 : 31}m${text}\u001b[39m`;
  let line = `${time} ${paint(`${tag}${String(record.msg ?? '')}`)}${extras.length ? ` (${extras.join(', ')})` : ''}`;
  if (err) {
    const stack = typeof err.stack === 'string' ? err.stack : String(err.message ?? '');
    line += `\n  ${stack.split('\n').join('\n  ')}`;
  }
  return line;
}

/** A pino destination that writes pretty lines to `out`. */
export function prettyLogStream(
  out: { write(text: string): unknown },
  options: { showRoutine: boolean; colour: boolean },
): { write(line: string): void } {
  return {
    write(chunk: string) {
      for (const json of chunk.split('\n')) {
        if (!json) continue;
        const line = prettyLogLine(json, options);
        if (line !== undefined) out.write(`${line}\n`);
      }
    },
  };
}
