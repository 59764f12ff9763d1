/**
 * SIP messages (RFC 3261 §7) as the phone call UAC needs them: building requests, parsing the
 * requests and responses a trunk sends back over UDP. Pure: no sockets, no clocks.
 *
 * Headers are kept in order with their names as sent; lookups are case-insensitive and know
 * the compact forms (RFC 3261 §7.3.3), since trunks use them to fit UDP's size.
 */

export interface SipHeader {
  name: string;
  value: string;
}

export interface SipRequest {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeader[];
  body: string;
}

export interface SipResponse {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeader[];
  body: string;
}

export type SipMessage = SipRequest | SipResponse;

const COMPACT: Record<string, string> = {
  i: 'call-id',
  m: 'contact',
  e: 'content-encoding',
  l: 'content-length',
  c: 'content-type',
  f: 'from',
  s: 'subject',
  k: 'supported',
  t: 'to',
  v: 'via',
};

const canonical = (name: string): string => {
  const lower = name.trim().toLowerCase();
  return COMPACT[lower] ?? lower;
};

/** The first value of a header (compact forms included), or undefined. */
export function header(message: Pick<SipMessage, 'headers'>, name: string): string | undefined {
  const wanted = canonical(name);
  return message.headers.find((h) => canonical(h.name) === wanted)?.value;
}

/** Every value of a header, comma-joined values split (Via, Contact, WWW-Authenticate are not split). */
export function headers(message: Pick<SipMessage, 'headers'>, name: string): string[] {
  const wanted = canonical(name);
  return message.headers.filter((h) => canonical(h.name) === wanted).map((h) => h.value);
}

/** The wire form: start line, headers, Content-Length (always, as UDP needs), blank line, body. */
export function serializeSip(message: SipMessage): string {
  const start =
    message.kind === 'request'
      ? `${message.method} ${message.uri} SIP/2.0`
      : `SIP/2.0 ${message.status} ${message.reason}`;
  const lines = [start];
  for (const h of message.headers)
    if (canonical(h.name) !== 'content-length') lines.push(`${h.name}: ${h.value}`);
  lines.push(`Content-Length: ${Buffer.byteLength(message.body, 'utf8')}`);
  return `${lines.join('\r\n')}\r\n\r\n${message.body}`;
}

/** A datagram as a SIP message, or undefined when it is not one (keep-alives, garbage). */
export function parseSip(text: string): SipMessage | undefined {
  const split = text.indexOf('\r\n\r\n');
  const head = split >= 0 ? text.slice(0, split) : text.replace(/(\r\n)+$/, '');
  let body = split >= 0 ? text.slice(split + 4) : '';
  const lines = head.split('\r\n');
  const startLine = lines.shift() ?? '';
  const parsedHeaders: SipHeader[] = [];
  for (const line of lines) {
    // Folded lines (leading whitespace) continue the previous header.
    if (/^[ \t]/.test(line) && parsedHeaders.length > 0) {
      parsedHeaders[parsedHeaders.length - 1]!.value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) return undefined;
    parsedHeaders.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  const length = header({ headers: parsedHeaders }, 'content-length');
  if (length !== undefined) {
    const n = Number(length);
    if (!Number.isInteger(n) || n < 0) return undefined;
    body = Buffer.from(body, 'utf8').subarray(0, n).toString('utf8');
  }
  const response = /^SIP\/2\.0 (\d{3}) ?(.*)$/.exec(startLine);
  if (response)
    return {
      kind: 'response',
      status: Number(response[1]),
      reason: response[2] ?? '',
      headers: parsedHeaders,
      body,
    };
  const request = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(startLine);
  if (request)
    return { kind: 'request', method: request[1]!, uri: request[2]!, headers: parsedHeaders, body };
  return undefined;
}

/** A header parameter (`;tag=…`, `;branch=…`) of a name-addr or Via value. */
export function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  // Parameters after the URI's closing bracket, or the whole value when there is none.
  const close = value.lastIndexOf('>');
  const params = close >= 0 ? value.slice(close + 1) : value;
  const match = new RegExp(`;\\s*${name}=("[^"]*"|[^;,\\s]+)`, 'i').exec(params);
  return match?.[1]?.replace(/^"|"$/g, '');
}

/** The URI of a name-addr (`"x" <sip:a@b>;tag=1` → `sip:a@b`). */
export function nameAddrUri(value: string): string {
  const open = value.indexOf('<');
  const close = value.indexOf('>', open);
  if (open >= 0 && close > open) return value.slice(open + 1, close);
  return value.split(';')[0]!.trim();
}

/** The CSeq header's number and method. */
export function parseCSeq(value: string | undefined): { seq: number; method: string } | undefined {
  const match = /^(\d+)\s+([A-Z]+)$/.exec(value?.trim() ?? '');
  return match ? { seq: Number(match[1]), method: match[2]! } : undefined;
}

export interface SipUri {
  user?: string;
  host: string;
  port: number;
  /** `;transport=` if any. */
  transport?: string;
}

/** `sip:[user@]host[:port][;params]`; 5060 when no port is given. */
export function parseSipUri(uri: string): SipUri | undefined {
  const match = /^sip:(?:([^@;>]+)@)?(\[[0-9a-fA-F:.]+\]|[^:;>]+)(?::(\d{1,5}))?((?:;[^;>]*)*)$/.exec(
    uri.trim(),
  );
  if (!match) return undefined;
  const port = match[3] ? Number(match[3]) : 5060;
  if (port < 1 || port > 65535) return undefined;
  const transport = /;transport=([^;]+)/i.exec(match[4] ?? '')?.[1]?.toLowerCase();
  return {
    ...(match[1] ? { user: decodeURIComponent(match[1]) } : {}),
    host: match[2]!,
    port,
    ...(transport ? { transport } : {}),
  };
}

/** The reason phrase of a status, for the few this UAC answers itself. */
export const SIP_REASONS: Record<number, string> = {
  200: 'OK',
  481: 'Call/Transaction Does Not Exist',
  501: 'Not Implemented',
};

/**
 * A response to a request: the RFC's copied headers (Via, From, To, Call-ID, CSeq), the To
 * tag added when the request's To has none and a tag is given.
 */
export function responseTo(request: SipRequest, status: number, toTag?: string): SipResponse {
  const copied = request.headers.filter((h) =>
    ['via', 'from', 'call-id', 'cseq'].includes(canonical(h.name)),
  );
  const to = header(request, 'to') ?? '';
  const toValue = toTag && !headerParam(to, 'tag') ? `${to};tag=${toTag}` : to;
  return {
    kind: 'response',
    status,
    reason: SIP_REASONS[status] ?? '',
    headers: [...copied, { name: 'To', value: toValue }],
    body: '',
  };
}
