/**
 * Twilio's shapes, as its REST API and Media Streams speak them (no SDK: the `twilio` package
 * is not installed here; docs/phone-calls.md says which to add): the Calls resource
 * (form-encoded `To`, `From`, `Twiml`, `SendDigits`, `StatusCallback`...; JSON answers), the
 * status callbacks it posts (form-encoded `CallSid`, `CallStatus`...), the TwiML that connects
 * a call's audio to a websocket (`<Connect><Stream url>` with `<Parameter>`s, since a stream URL
 * may carry no query string), and the JSON messages of a Media Stream (connected, start, media
 * with base64 mu-law at 8 kHz, stop).
 */
import { type ProviderCallStatus, isProviderCallStatus } from '../../shared/phone-calls';

export const TWILIO_API_VERSION = '2010-04-01';

export function callsPath(accountSid: string): string {
  return `/${TWILIO_API_VERSION}/Accounts/${encodeURIComponent(accountSid)}/Calls.json`;
}

export function callPath(accountSid: string, callSid: string): string {
  return `/${TWILIO_API_VERSION}/Accounts/${encodeURIComponent(accountSid)}/Calls/${encodeURIComponent(callSid)}.json`;
}

/** Twilio's sids: two letters and 32 hex digits (CA: a call, MZ: a media stream, AC: an account). */
export const SID_PATTERN = /^[A-Z]{2}[0-9a-f]{32}$/;

/** The status callback events asked for (Twilio sends `answered` as CallStatus in-progress). */
export const STATUS_CALLBACK_EVENTS = ['initiated', 'ringing', 'answered', 'completed'] as const;

/** The form of a Create Call request (names as Twilio's; StatusCallbackEvent repeats). */
export type CreateCallForm = {
  To: string;
  From: string;
  Twiml: string;
  SendDigits?: string;
  StatusCallback: string;
  StatusCallbackMethod: 'POST';
  StatusCallbackEvent: readonly string[];
  /** Seconds to let it ring before Twilio gives up (no-answer). */
  Timeout: string;
};

export function encodeForm(form: Record<string, string | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(form)) {
    if (value === undefined) continue;
    if (typeof value === 'string') params.append(name, value);
    else for (const v of value) params.append(name, v);
  }
  return params.toString();
}

/** A form body as name to values (in the order sent). */
export function decodeForm(body: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [name, value] of new URLSearchParams(body)) out.set(name, [...(out.get(name) ?? []), value]);
  return out;
}

export function firstOf(form: Map<string, string[]>, name: string): string | undefined {
  return form.get(name)?.[0];
}

/** What a Create Call answers (the fields we read). */
export interface CallResource {
  sid: string;
  status: ProviderCallStatus;
  to?: string;
  from?: string;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * TwiML that sends the call's audio to `url` (a wss URL) with these custom parameters. With
 * `holdS`, a `<Pause>` follows: a `<Connect><Stream>` whose socket closes goes on to the next
 * verb, so the call stays on (silent) that long instead of ending, for another node to stream
 * it again (cluster mode).
 */
export function streamTwiml(url: string, parameters: Record<string, string>, holdS?: number): string {
  const params = Object.entries(parameters)
    .map(([name, value]) => `<Parameter name="${escapeXml(name)}" value="${escapeXml(value)}"/>`)
    .join('');
  const hold = holdS !== undefined && holdS > 0 ? `<Pause length="${Math.round(holdS)}"/>` : '';
  return `<?xml version="1.0" encoding="UTF-8"?><Response><Connect><Stream url="${escapeXml(url)}">${params}</Stream></Connect>${hold}</Response>`;
}

/** The stream URL, parameters and following pause of `streamTwiml`'s TwiML (what the stand-in reads back). */
export function parseStreamTwiml(
  twiml: string,
): { url: string; parameters: Record<string, string>; pauseS?: number } | undefined {
  const stream = /<Connect>\s*<Stream\s+url="([^"]*)"\s*>([\s\S]*?)<\/Stream>\s*<\/Connect>/.exec(twiml);
  if (!stream) return undefined;
  const parameters: Record<string, string> = {};
  for (const p of stream[2]!.matchAll(/<Parameter\s+name="([^"]*)"\s+value="([^"]*)"\s*\/>/g))
    parameters[unescapeXml(p[1]!)] = unescapeXml(p[2]!);
  const after = twiml.slice(stream.index + stream[0].length);
  // Twilio's default length is one second.
  const pause = /^\s*<Pause(?:\s+length="(\d+)")?\s*\/>/.exec(after);
  return {
    url: unescapeXml(stream[1]!),
    parameters,
    ...(pause ? { pauseS: pause[1] !== undefined ? Number(pause[1]) : 1 } : {}),
  };
}

/** A status callback's fields that matter here. */
export interface StatusCallback {
  callSid: string;
  status: ProviderCallStatus;
  sequenceNumber?: number;
}

export function parseStatusCallback(form: Map<string, string[]>): StatusCallback | undefined {
  const callSid = firstOf(form, 'CallSid');
  const status = firstOf(form, 'CallStatus');
  if (!callSid || !SID_PATTERN.test(callSid) || !status || !isProviderCallStatus(status)) return undefined;
  const sequence = Number(firstOf(form, 'SequenceNumber'));
  return { callSid, status, ...(Number.isInteger(sequence) ? { sequenceNumber: sequence } : {}) };
}

// Media Streams: messages Twilio sends on the websocket.

export interface ConnectedMessage {
  event: 'connected';
  protocol: 'Call';
  version: string;
}

export interface StartMessage {
  event: 'start';
  sequenceNumber: string;
  streamSid: string;
  start: {
    accountSid: string;
    streamSid: string;
    callSid: string;
    tracks: ('inbound' | 'outbound')[];
    customParameters: Record<string, string>;
    mediaFormat: { encoding: 'audio/x-mulaw'; sampleRate: 8000; channels: 1 };
  };
}

export interface MediaMessage {
  event: 'media';
  sequenceNumber: string;
  streamSid: string;
  media: { track: 'inbound' | 'outbound'; chunk: string; timestamp: string; payload: string };
}

export interface StopMessage {
  event: 'stop';
  sequenceNumber: string;
  streamSid: string;
  stop: { accountSid: string; callSid: string };
}

export type MediaStreamMessage = ConnectedMessage | StartMessage | MediaMessage | StopMessage;

/** A frame's payload: 20 ms of 8 kHz mu-law is 160 bytes, 216 characters of base64. */
const MAX_PAYLOAD_CHARS = 64 * 1024;

/**
 * A Media Stream message, checked: unknown events (mark, dtmf) and malformed ones are
 * undefined; a media message's payload is decoded.
 */
export function parseMediaStreamMessage(text: string):
  | { event: 'connected' }
  | {
      event: 'start';
      callSid: string;
      streamSid: string;
      customParameters: Record<string, string>;
      encoding: string;
      sampleRate: number;
    }
  | { event: 'media'; streamSid: string; track: string; payload: Uint8Array }
  | { event: 'stop'; streamSid: string; callSid: string }
  | undefined {
  let m: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    m = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  const obj = (v: unknown) =>
    typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : undefined;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  switch (m.event) {
    case 'connected':
      return { event: 'connected' };
    case 'start': {
      const start = obj(m.start);
      const format = obj(start?.mediaFormat);
      const callSid = str(start?.callSid);
      const streamSid = str(start?.streamSid) ?? str(m.streamSid);
      if (!start || !callSid || !streamSid) return undefined;
      const customParameters: Record<string, string> = {};
      for (const [k, v] of Object.entries(obj(start.customParameters) ?? {}))
        if (typeof v === 'string') customParameters[k] = v;
      return {
        event: 'start',
        callSid,
        streamSid,
        customParameters,
        encoding: str(format?.encoding) ?? '',
        sampleRate: typeof format?.sampleRate === 'number' ? format.sampleRate : 0,
      };
    }
    case 'media': {
      const media = obj(m.media);
      const payload = str(media?.payload);
      const streamSid = str(m.streamSid);
      if (!media || !payload || !streamSid || payload.length > MAX_PAYLOAD_CHARS) return undefined;
      if (!/^[A-Za-z0-9+/]*={0,2}$/.test(payload)) return undefined;
      return {
        event: 'media',
        streamSid,
        track: str(media.track) ?? 'inbound',
        payload: new Uint8Array(Buffer.from(payload, 'base64')),
      };
    }
    case 'stop': {
      const stop = obj(m.stop);
      const streamSid = str(m.streamSid);
      if (!streamSid) return undefined;
      return { event: 'stop', streamSid, callSid: str(stop?.callSid) ?? '' };
    }
    default:
      return undefined;
  }
}
