/**
 * A seeded generator of hostile realtime-socket frames, for the socket fuzz test and
 * `npm run fuzz:socket`. The same seed always gives the same frames, so a failure found with a
 * seed is replayed with that seed.
 *
 * The message types come from `clientMessageSchemas`: a type added to the protocol is fuzzed
 * without touching this file. Each type has a valid example (written here for the types known
 * today, so their optional fields are exercised too; discovered from the schema's own error
 * messages for any other), which is then broken in every way a client can break it: fields of the
 * wrong type, missing or extra fields, prototype keys, 1 MB strings, 10,000 levels of nesting,
 * huge and not-quite numbers. Frames that are not messages at all (invalid JSON, JSON that is not
 * an object, invalid UTF-8, binary frames out of turn, odd-sized, empty or oversized) and valid
 * messages in a random order are mixed in.
 */
import type { Mutation as EditMutation } from '../../src/shared/transcript-edit/mutation';
import {
  CHUNK_LENGTH_MS,
  MAX_AUDIO_FRAME_BYTES,
  ROOM_TITLE_MAX_LENGTH,
  SAMPLE_RATE_HZ,
} from '../../src/shared/constants';
import {
  CLIENT_MESSAGE_TYPES,
  clientMessageSchemas,
  type ClientMessageOf,
  type ClientMessageType,
} from '../../src/shared/protocol';

/** What `ws` refuses to receive (the server's maxPayload): a larger frame closes the socket with 1009. */
export const WS_MAX_PAYLOAD_BYTES = 1024 * 1024;

// ---------------------------------------------------------------------------------------------
// The random source

/**
 * A small seeded generator: a 32-bit Weyl sequence (stepping by the golden ratio) passed through
 * MurmurHash3's 32-bit finaliser, which spreads every input bit over the output. Plenty for test
 * data, reproducible everywhere, and independent of Math.random.
 */
export class Prng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A generator for a named part of the run (a socket lane), unaffected by how much others draw. */
  static derive(seed: number, stream: number): Prng {
    const mixer = new Prng((seed ^ Math.imul(stream + 1, 0x27d4eb2d)) >>> 0);
    return new Prng(mixer.uint32() ^ mixer.uint32());
  }

  uint32(): number {
    this.state = (this.state + 0x9e3779b9) >>> 0;
    let z = this.state;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  }

  /** In [0, 1). */
  float(): number {
    return this.uint32() / 2 ** 32;
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.float() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[Math.floor(this.float() * items.length)]!;
  }

  /** One of `choices`, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let at = this.float() * total;
    for (const [value, weight] of choices) {
      at -= weight;
      if (at < 0) return value;
    }
    return choices[choices.length - 1]![0];
  }

  /** Printable ASCII letters and digits. */
  word(min: number, max: number): string {
    const letters = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
    let out = '';
    const length = this.int(min, max);
    for (let i = 0; i < length; i++) out += letters[this.int(0, letters.length - 1)];
    return out;
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i += 4) {
      const r = this.uint32();
      out[i] = r & 0xff;
      if (i + 1 < length) out[i + 1] = (r >>> 8) & 0xff;
      if (i + 2 < length) out[i + 2] = (r >>> 16) & 0xff;
      if (i + 3 < length) out[i + 3] = r >>> 24;
    }
    return out;
  }
}

// ---------------------------------------------------------------------------------------------
// Frames

/** The ways a frame is made; every frame says which, so a failure names what triggered it. */
export const MUTATIONS = [
  'valid',
  'missing-field',
  'wrong-type',
  'extra-fields',
  'prototype-keys',
  'huge-string',
  'huge-number',
  'deep-nesting',
  'type-confusion',
  'duplicate-keys',
  'nasty-strings',
  'invalid-json',
  'non-object-json',
  'empty-text',
  'invalid-utf8',
  'text-oversized',
  'binary-noise',
  'binary-odd-length',
  'binary-empty',
  'binary-too-large',
  'binary-oversized',
] as const;
export type Mutation = (typeof MUTATIONS)[number];

/**
 * One frame to send. `text` frames carry a string; `utf8-bytes` frames are text frames whose
 * bytes are given (to send invalid UTF-8, which `ws` closes with 1007); `binary` frames are audio
 * as far as the server knows.
 */
export type FuzzFrame =
  | { kind: 'text'; data: string; mutation: Mutation; messageType?: string; detail: string }
  | { kind: 'utf8-bytes'; data: Uint8Array; mutation: Mutation; messageType?: string; detail: string }
  | { kind: 'binary'; data: Uint8Array; mutation: Mutation; messageType?: string; detail: string };

/** Who a fuzz socket is: a real guest and its own room, so valid messages really connect. */
export interface FuzzIdentity {
  speakerId: string;
  roomId: string;
  guestCredential: string;
  /** The link token a member joins with (none for the host). */
  token?: string;
  /** Someone else's room and avaId (the honest client's): connecting there must be refused. */
  foreignRoomId?: string;
  foreignSpeakerId?: string;
}

/** The frame's size in bytes on the wire (for summaries and for knowing which will close the socket). */
export function frameBytes(frame: FuzzFrame): number {
  return frame.kind === 'text' ? Buffer.byteLength(frame.data, 'utf8') : frame.data.byteLength;
}

/** A short printable description of a frame, for reports: its mutation, type, size and start. */
export function describeFrame(frame: FuzzFrame): string {
  const bytes = frameBytes(frame);
  const head =
    frame.kind === 'text'
      ? JSON.stringify(frame.data.slice(0, 160))
      : `<${frame.kind} ${Buffer.from(frame.data.subarray(0, 16)).toString('hex')}${bytes > 16 ? '…' : ''}>`;
  return `${frame.mutation}${frame.messageType ? `(${frame.messageType})` : ''} [${frame.detail}] ${bytes} B: ${head}`;
}

// ---------------------------------------------------------------------------------------------
// Raw JSON: text that JSON.stringify cannot or should not produce (1e309, -0, 10,000 levels),
// spliced in where a placeholder string stands.

class JsonText {
  private readonly raws: string[] = [];
  // No generated string holds U+0001 followed by this word, so a placeholder cannot be confused.
  private readonly tag = '\u0001fuzz-raw:';

  /** A value that stringifies as `text`, exactly. */
  raw(text: string): string {
    this.raws.push(text);
    return `${this.tag}${this.raws.length - 1}`;
  }

  stringify(value: unknown): string {
    let text = JSON.stringify(value);
    this.raws.forEach((raw, i) => {
      text = text.split(JSON.stringify(`${this.tag}${i}`)).join(raw);
    });
    return text;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Path = readonly string[];

// ---------------------------------------------------------------------------------------------
// Valid messages

const TITLES = [
  'Weekly sync',
  'Médecin — rendez-vous',
  '会议记录',
  'שיחה',
  '\u202Eevil\u202C title',
  'emoji 😀🎉',
  '   spaced   ',
  '',
  'x'.repeat(ROOM_TITLE_MAX_LENGTH),
  '<img src=x onerror=alert(1)>',
  "'; DROP TABLE rooms; --",
];

/** A fixed clock for recordingStart, so a seed gives the same bytes on every day. */
const RECORDING_EPOCH_MS = Date.UTC(2026, 0, 1);

type Example<K extends ClientMessageType> = (identity: FuzzIdentity, rng: Prng) => ClientMessageOf<K>;

/**
 * Valid messages of the types known today, with their optional fields. A type missing here is
 * still fuzzed, from the example `discoverValid` finds in its schema.
 */
const EXAMPLES: { [K in ClientMessageType]?: Example<K> } = {
  'connection-params': (identity, rng) => ({
    type: 'connection-params',
    speakerId: identity.speakerId,
    roomId: identity.roomId,
    guestCredential: identity.guestCredential,
    ...(rng.chance(0.7) ? { username: rng.pick(['Fuzz', 'Zoë', 'a', 'Über Tester', '名前']) } : {}),
    ...(rng.chance(0.5) ? { clientInfo: { app: 'cli', version: `${rng.int(0, 9)}.${rng.int(0, 9)}` } } : {}),
    ...(rng.chance(0.3) ? { downAudio: rng.chance(0.5) } : {}),
    ...(rng.chance(0.3) ? { conversationMode: rng.pick(['public', 'public-muted'] as const) } : {}),
    ...(rng.chance(0.5) ? { role: rng.pick(['participant', 'scribe'] as const) } : {}),
    ...(rng.chance(0.3) ? { lang: rng.pick(['en-US', 'fr-FR', 'xx', 'en']) } : {}),
    ...(rng.chance(0.3) ? { curseFilter: rng.pick([0, 1, 2, 3]) } : {}),
    ...(rng.chance(0.1) ? { token: rng.word(1, 64) } : identity.token ? { token: identity.token } : {}),
  }),
  'connection-params-update': (_identity, rng) => ({
    type: 'connection-params-update',
    ...(rng.chance(0.3) ? { saveTranscript: rng.chance(0.5) } : {}),
    ...(rng.chance(0.3) ? { conversationMode: rng.pick(['public', 'public-muted'] as const) } : {}),
    // Ending is rare: it ends the fuzz socket's own room, after which it can only read.
    ...(rng.chance(0.2)
      ? { state: { value: rng.chance(0.15) ? ('ended' as const) : ('ongoing' as const) } }
      : {}),
    ...(rng.chance(0.3) ? { usePaidASR: rng.chance(0.5) } : {}),
    ...(rng.chance(0.3) ? { downAudio: rng.chance(0.5) } : {}),
    ...(rng.chance(0.3) ? { audio: rng.chance(0.5) } : {}),
    ...(rng.chance(0.2) ? { requireAdmission: rng.chance(0.5) } : {}),
  }),
  'update-title': (_identity, rng) => ({ type: 'update-title', title: rng.pick(TITLES) }),
  audio: (_identity, rng) =>
    rng.chance(0.6)
      ? {
          type: 'audio',
          action: 'start',
          metadata: {
            lang: rng.pick(['en-US', 'fr-FR', 'de-DE', 'en']),
            format: rng.chance(0.9) ? 'pcm_s16le' : 'webrtc',
            sampleRateHz: SAMPLE_RATE_HZ,
            recordingMode: rng.pick(['web', 'desktop', 'cli'] as const),
            chunkLengthMs: CHUNK_LENGTH_MS,
            recordingStart: RECORDING_EPOCH_MS + rng.int(0, 10_000_000),
            ...(rng.chance(0.3) ? { pFilter: rng.int(0, 10) } : {}),
            ...(rng.chance(0.3) ? { mic: rng.pick(['BT', 'BUILTIN'] as const) } : {}),
            ...(rng.chance(0.2) ? { translation: { target: rng.pick(['fr', 'es', 'en']) } } : {}),
          },
        }
      : { type: 'audio', action: rng.chance(0.8) ? 'stop' : 'start' },
  // Signalling with nothing being set up, or garbage SDP for a real offer: an error, nothing else.
  webrtc: (_identity, rng) => ({
    type: 'webrtc',
    ...(rng.chance(0.5)
      ? { answer: { type: 'answer' as const, sdp: rng.pick(['v=0\r\n', 'x'.repeat(200), 'é😀']) } }
      : {}),
    ...(rng.chance(0.6)
      ? {
          iceCandidate: {
            candidate: rng.pick(['', 'candidate:1 1 udp 1 127.0.0.1 9 typ host', 'garbage']),
            ...(rng.chance(0.5) ? { sdpMid: rng.pick(['0', '1', 'audio']) } : {}),
            ...(rng.chance(0.5) ? { sdpMLineIndex: rng.int(0, 3) } : {}),
          },
        }
      : {}),
  }),
  'webrtc-track-metadata': (_identity, rng) => ({
    type: 'webrtc-track-metadata',
    trackId: rng.word(1, 40),
    ...(rng.chance(0.5) ? { mid: rng.pick(['0', '1']) } : {}),
    kind: 'microphone' as const,
  }),
  'reset-recorder': () => ({ type: 'reset-recorder' }),
  'signal-i-am-typing': (_identity, rng) => ({
    type: 'signal-i-am-typing',
    ...(rng.chance(0.5) ? { fromUser: rng.chance(0.5) } : {}),
  }),
  'typed-message': (_identity, rng) => ({
    type: 'typed-message',
    text: rng.chance(0.2)
      ? ' \n\t '
      : rng.pick(['hello', 'Can you repeat that?', 'x'.repeat(500), 'é😀\n\nok']),
    ...(rng.chance(0.5) ? { lang: rng.pick(['en-US', 'fr-FR', 'es']) } : {}),
  }),
  'assign-voicing-speaker-name': (_identity, rng) => ({
    type: 'assign-voicing-speaker-name',
    speakerId: rng.pick(['voicing-fuzzspeaker1', 'voicing-fuzzspeaker2', 'voicing-ZZZZZZZZZZZZZZZZ']),
    speakerName: rng.pick([
      'Grandma',
      'x',
      ' ',
      'Zoë Über',
      '名前名前',
      'y'.repeat(49),
      'z'.repeat(98),
      '<b>bold</b>',
    ]),
  }),
  'assign-voicing-speaker-myself': (_identity, rng) => ({
    type: 'assign-voicing-speaker-myself',
    speakerId: rng.pick(['voicing-fuzzspeaker1', 'voicing-fuzzspeaker2', 'voicing-nobodyatall']),
  }),
  'assign-bloc-different-speaker': (identity, rng) => ({
    type: 'assign-bloc-different-speaker',
    speakerId: rng.pick([identity.speakerId, 'voicing-fuzzspeaker1', 'nobody', 'voicing-nobodyatall']),
    blocId: rng.pick(['nosuchline', 'typed000000000000', 'gap1']),
  }),
  'request-text-to-speech': (_identity, rng) => ({
    type: 'request-text-to-speech',
    requestId: rng.pick(['r1', 'a-b_c', 'x'.repeat(64)]),
    text: rng.chance(0.2)
      ? ' \n\t '
      : rng.pick(['hello', 'Can you repeat that?', 'x'.repeat(500), 'é😀\n\nok']),
    ...(rng.chance(0.5) ? { voiceId: rng.pick(['openai-echo', 'nova', 'openai-bogus']) } : {}),
    ...(rng.chance(0.5) ? { lang: rng.pick(['en-US', 'fr-FR', 'xx-YY']) } : {}),
  }),
  'set-reading-language': (_identity, rng) => ({
    type: 'set-reading-language',
    lang: rng.pick(['es', 'ca', 'fr', 'en', 'en-US', 'de', 'zz-Latn']),
  }),
  'set-curse-filter': (_identity, rng) => ({
    type: 'set-curse-filter',
    level: rng.pick([0, 1, 2, 3]),
  }),
  'auto-translate-toggle': () => ({ type: 'auto-translate-toggle' }),
  'auto-translate-set-guest-language': (_identity, rng) => ({
    type: 'auto-translate-set-guest-language',
    language: rng.pick(['es', 'ca', 'fr-FR', 'en', 'zz']),
  }),
  // Muting oneself (the fuzz socket hosts its own room) or someone who is not there.
  'force-mute': (identity, rng) => ({
    type: 'force-mute',
    avaId: rng.chance(0.5) ? identity.speakerId : rng.word(1, 24),
  }),
  'prolong-restricted-session': () => ({ type: 'prolong-restricted-session' }),
  'request-ava-bot': (_identity, rng) => ({
    type: 'request-ava-bot',
    speechLang: rng.pick(['en-US', 'fr', 'zz']),
    meetingUrl: rng.pick([
      'https://meet.google.com/abc-defg-hij',
      'https://zoom.us/j/123456789?pwd=abc',
      'http://169.254.169.254/latest/meta-data',
      'javascript:alert(1)',
      'not a link',
    ]),
  }),
  'end-ava-bot': () => ({ type: 'end-ava-bot' }),
  'update-ava-bot-speech-lang': (_identity, rng) => ({
    type: 'update-ava-bot-speech-lang',
    speechLang: rng.pick(['en-US', 'fr-FR', 'zz']),
  }),
  'ava-bot-text-to-speech': (_identity, rng) => ({
    type: 'ava-bot-text-to-speech',
    text: rng.pick(['hello', 'x'.repeat(500), 'é😀']),
  }),
  close: (_identity, rng) => ({
    type: 'close',
    ...(rng.chance(0.5)
      ? {
          reason: rng.pick([
            'app_terminated',
            'max_convo_time_reached',
            'closed',
            'host_left',
            'last_guest_left',
          ] as const),
        }
      : {}),
  }),
  ping: (_identity, rng) => ({ type: 'ping', clientTimeMs: rng.int(0, 2 ** 31) }),
  'transcript-edit': (_identity, rng) => ({
    type: 'transcript-edit',
    transcriptId: rng.pick(['nosuchline', 'typedAbc123', 'x'.repeat(128)]),
    mutation: {
      id: `fuzz${rng.int(0, 999)}`,
      parent: rng.int(0, 5),
      origin: 'human',
      ...rng.pick([
        {
          type: 'insert',
          index: rng.int(0, 40),
          text: rng.pick(['fixed', 'é😀', 'x'.repeat(500)]),
          lang: 'en-US',
        },
        { type: 'delete', index: rng.int(0, 40), length: rng.int(1, 20), lang: 'en-US' },
        { type: 'cursor', mutatorHash: 'abcd1234', index: rng.int(0, 40) },
        { type: 'changeSpeaker', speakerId: 'voicing-fuzzspeaker1' },
        { type: 'updateField', field: 'speechLang', value: rng.pick(['en-US', 'fr-FR']) },
      ]),
    } as EditMutation,
    ...(rng.chance(0.5) ? { origin: 'human' } : {}),
  }),
  'transcripts-since': (_identity, rng) => ({ type: 'transcripts-since', afterSeq: rng.int(0, 50) }),
  'transcripts-before': (_identity, rng) => ({
    type: 'transcripts-before',
    beforeIndex: rng.int(0, 50),
    ...(rng.chance(0.5) ? { limit: rng.int(1, 20) } : {}),
  }),
  'request-scribe': (_identity, rng) => ({
    type: 'request-scribe',
    correctionMode: rng.pick(['fast', 'accurate'] as const),
  }),
  'cancel-scribe': () => ({ type: 'cancel-scribe' }),
  'update-scribe-correction-mode': (_identity, rng) => ({
    type: 'update-scribe-correction-mode',
    correctionMode: rng.pick(['fast', 'accurate'] as const),
  }),
  'scribe-chat': (_identity, rng) => ({
    type: 'scribe-chat',
    text: rng.pick(TITLES.filter((t) => t.trim().length > 0)),
  }),
};

/** Fills `message` at `path` (creating objects on the way). */
function setAt(message: JsonObject, path: Path, value: Json): void {
  let at: JsonObject = message;
  for (const key of path.slice(0, -1)) {
    const next = at[key];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) at[key] = {};
    at = at[key] as JsonObject;
  }
  at[path[path.length - 1]!] = value;
}

/** Values to try for a field the schema says is wrong, from the words of its complaint. */
function candidatesFor(complaint: string): Json[] {
  const literal = /expected ("[^"]*"|-?\d[\d.e+-]*|true|false)$/.exec(complaint);
  if (literal) return [JSON.parse(literal[1]!) as Json];
  const oneOf = /expected one of (.+)$/.exec(complaint);
  if (oneOf) return [oneOf[1]!.split(', ')[0]!];
  const atLeast = /at least (\d+) characters/.exec(complaint);
  if (atLeast) return ['a'.repeat(Number(atLeast[1])), 'A1'.repeat(Number(atLeast[1]))];
  const between = /between (-?[\d.e+]+) and/.exec(complaint);
  if (between) return [Math.max(Number(between[1]), 0), Number(between[1])];
  if (/expected number|integer/.test(complaint)) return [1, 0];
  if (/expected boolean/.test(complaint)) return [true];
  if (/expected object/.test(complaint)) return [{}];
  if (/expected array/.test(complaint)) return [[]];
  // "is required", "expected string", "invalid format": strings of the forms ids and codes take
  // (a voicing speaker's id among them, shared/speakers.ts).
  return ['a', 'abc', 'en-US', 'A1b2C3', 'abc.def', 'x'.repeat(64), 'voicing-A1b2C3d4', 0, true, {}, []];
}

/**
 * A valid message of `type`, found by asking its schema: fill the field it complains about with
 * a value its complaint suggests, until it has none. Only required fields are found this way.
 */
export function discoverValid(type: ClientMessageType): JsonObject | undefined {
  const schema = clientMessageSchemas[type];
  const message: JsonObject = { type };
  const tried = new Map<string, number>();
  for (let step = 0; step < 200; step++) {
    const result = schema.check(message);
    if (result.ok) return message;
    const path = result.issue.path.split('.').filter((key) => key.length > 0);
    if (path.length === 0 || path.some((key) => key.includes('['))) return undefined;
    const key = path.join('.');
    const attempt = tried.get(key) ?? 0;
    tried.set(key, attempt + 1);
    const candidates = candidatesFor(result.issue.message);
    if (attempt >= candidates.length + 10) return undefined;
    setAt(message, path, candidates[attempt % candidates.length]!);
  }
  return undefined;
}

/** A valid message of `type`: from EXAMPLES when there is one, else from the schema. */
export function validMessage(type: ClientMessageType, identity: FuzzIdentity, rng: Prng): JsonObject {
  const example = EXAMPLES[type] as Example<ClientMessageType> | undefined;
  if (example) return structuredClone(example(identity, rng)) as JsonObject;
  const discovered = discoverValid(type);
  if (!discovered) throw new Error(`no valid ${type} message could be made from its schema`);
  return discovered;
}

// ---------------------------------------------------------------------------------------------
// Breaking messages

/** Paths to every field below the top (objects included), never the `type` itself. */
function fieldPaths(value: JsonObject, prefix: Path = []): Path[] {
  const out: Path[] = [];
  for (const [key, child] of Object.entries(value)) {
    if (prefix.length === 0 && key === 'type') continue;
    const path = [...prefix, key];
    out.push(path);
    if (typeof child === 'object' && child !== null && !Array.isArray(child))
      out.push(...fieldPaths(child, path));
  }
  return out;
}

function getAt(message: JsonObject, path: Path): Json | undefined {
  let at: Json | undefined = message;
  for (const key of path) {
    if (typeof at !== 'object' || at === null || Array.isArray(at)) return undefined;
    at = at[key];
  }
  return at;
}

function deleteAt(message: JsonObject, path: Path): void {
  const parent = getAt(message, path.slice(0, -1));
  if (typeof parent === 'object' && parent !== null && !Array.isArray(parent))
    delete parent[path[path.length - 1]!];
}

/** An object of `message`, the message itself or one of its nested objects. */
function someObject(message: JsonObject, rng: Prng): { path: Path; object: JsonObject } {
  const objects: { path: Path; object: JsonObject }[] = [{ path: [], object: message }];
  for (const path of fieldPaths(message)) {
    const value = getAt(message, path);
    if (typeof value === 'object' && value !== null && !Array.isArray(value))
      objects.push({ path, object: value });
  }
  return rng.pick(objects);
}

/** Sizes of long strings: past the text limit (64 KB), up to just under and just over ws's 1 MB. */
function longStringLength(rng: Prng): number {
  return rng.weighted([
    [70 * 1024, 8],
    [256 * 1024, 2],
    [WS_MAX_PAYLOAD_BYTES - 4096, 1],
    [WS_MAX_PAYLOAD_BYTES, 0.5],
  ]);
}

function longString(rng: Prng): string {
  const length = longStringLength(rng);
  const unit = rng.pick(['a', 'é', '€', '😀', '\u0000', '"', '\\']);
  return unit.repeat(Math.max(1, Math.floor(length / Buffer.byteLength(JSON.stringify(unit).slice(1, -1)))));
}

/** Nesting of `depth` levels as JSON text: objects, arrays or a mix. */
function deepJson(depth: number, rng: Prng): string {
  const style = rng.pick(['object', 'array', 'mixed'] as const);
  if (style === 'array') return '['.repeat(depth) + ']'.repeat(depth);
  if (style === 'object') return '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
  const opens: string[] = [];
  const closes: string[] = [];
  for (let i = 0; i < depth; i++) {
    const array = rng.chance(0.5);
    opens.push(array ? '[' : '{"k":');
    closes.push(array ? ']' : '}');
  }
  return opens.join('') + '0' + closes.reverse().join('');
}

function nestingDepth(rng: Prng): number {
  return rng.weighted([
    [100, 2],
    [1000, 2],
    [10_000, 4],
  ]);
}

/** Numbers (and strings that look like numbers) that a careless parser or database trips on. */
function oddNumber(rng: Prng, json: JsonText): Json {
  return rng.pick<() => Json>([
    () => json.raw('1e309'),
    () => json.raw('-1e309'),
    () => json.raw(`1${'0'.repeat(400)}`),
    () => json.raw('1e-400'),
    () => json.raw('-0'),
    () => json.raw('0.1e99999'),
    () => Number.MAX_VALUE,
    () => -Number.MAX_VALUE,
    () => Number.MIN_VALUE,
    () => 2 ** 53 + 1,
    () => -(2 ** 63),
    () => 2 ** 31,
    () => -1,
    () => 0.5,
    () => 1e21,
    () => 'NaN',
    () => 'Infinity',
    () => '-Infinity',
    () => '1e309',
    () => '0x1F',
    () => '1_000',
    () => '',
  ])();
}

/** A value of any kind, mostly of the odd sort. */
function oddValue(rng: Prng, json: JsonText): Json {
  return rng.weighted<() => Json>([
    [() => null, 2],
    [() => rng.chance(0.5), 2],
    [() => oddNumber(rng, json), 4],
    [
      () =>
        rng.pick([
          '',
          ' ',
          'null',
          'undefined',
          'true',
          '[object Object]',
          '\u0000',
          '\ud800',
          '\udfff\ud800',
          '\u202Eabc',
          '😀'.repeat(50),
          '../../etc/passwd',
          '%s%s%n',
          '${process.exit()}',
          '__proto__',
          'constructor',
          '<script>alert(1)</script>',
          "' OR 1=1 --",
          'a'.repeat(129),
        ]),
      5,
    ],
    [() => rng.word(0, 40), 2],
    [() => [], 1],
    [() => [1, '2', null, {}], 1],
    [() => json.raw(`[${new Array(10_000).fill(0).join(',')}]`), 1],
    [() => ({}), 1],
    [() => ({ type: 'ping', clientTimeMs: 1 }), 1],
    [() => json.raw(deepJson(nestingDepth(rng), rng)), 1],
  ])();
}

function kindOf(value: Json | undefined): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
];

/** Sets an own property, even one named __proto__ (which `object[key] =` would not). */
function defineOwn(object: JsonObject, key: string, value: Json): void {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Strings a schema accepts (short enough, no pattern) that storage, logs and other clients may not:
 * NUL (which PostgreSQL text refuses), lone surrogates (not encodable as UTF-8), direction
 * overrides, combining marks, markup and SQL.
 */
const NASTY_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '\u202Eoverride',
  'e\u0301\u0301\u0301\u0301\u0301',
  '\uFEFFbom',
  '\uFFFF\uFFFE',
  'line\nbreak\r\n',
  '\t',
  '<b>bold</b><script>alert(1)</script>',
  "Robert'); DROP TABLE transcripts;--",
  '%s%d%n',
  '{{constructor.constructor("return process")()}}',
  '😀👩‍👩‍👧‍👦',
];

/** `type`, as it should not be. */
function confusedType(type: string, rng: Prng, json: JsonText): Json {
  return rng.pick<() => Json>([
    () => type.toUpperCase(),
    () => ` ${type}`,
    () => `${type}\u0000`,
    () => `${type}s`,
    () => type.replace(/-/g, '_'),
    () => rng.pick(['PONG', 'error', 'connection-succeeded', 'room-status', 'transcript', 'transcripts']),
    () => rng.pick(PROTOTYPE_KEYS),
    () => rng.word(1, 30),
    () => 'x'.repeat(rng.pick([65, 1000, 60_000])),
    () => '',
    () => null,
    () => 7,
    () => [type],
    () => ({ type }),
    () => json.raw(deepJson(nestingDepth(rng), rng)),
  ])();
}

/** A message of `type`, broken by `mutation` (one of those that start from a message). */
function brokenMessage(
  type: ClientMessageType,
  mutation: Mutation,
  identity: FuzzIdentity,
  rng: Prng,
): FuzzFrame {
  const json = new JsonText();
  const message = validMessage(type, identity, rng);
  const fields = fieldPaths(message);
  let detail = '';
  switch (mutation) {
    case 'valid':
      detail = 'as is';
      if (type === 'connection-params' && identity.foreignRoomId && rng.chance(0.2)) {
        // Someone else's room, with a real credential: refused, and the other room undisturbed.
        message.roomId = identity.foreignRoomId;
        detail = 'foreign room';
      } else if (type === 'connection-params' && identity.foreignSpeakerId && rng.chance(0.1)) {
        message.speakerId = identity.foreignSpeakerId;
        detail = 'foreign speaker';
      }
      break;
    case 'missing-field': {
      const path = fields.length > 0 && rng.chance(0.85) ? rng.pick(fields) : ['type'];
      deleteAt(message, path);
      detail = path.join('.');
      break;
    }
    case 'wrong-type': {
      if (fields.length === 0) {
        message.type = confusedType(type, rng, json);
        detail = 'type';
        break;
      }
      const path = rng.pick(fields);
      const before = kindOf(getAt(message, path));
      let value = oddValue(rng, json);
      for (let i = 0; i < 5 && kindOf(value) === before; i++) value = oddValue(rng, json);
      setAt(message, path, value);
      detail = `${path.join('.')}: ${before} -> ${kindOf(value)}`;
      break;
    }
    case 'extra-fields': {
      const { path, object } = someObject(message, rng);
      const count = rng.int(1, 8);
      for (let i = 0; i < count; i++)
        defineOwn(object, rng.chance(0.2) ? rng.pick(PROTOTYPE_KEYS) : rng.word(1, 12), oddValue(rng, json));
      if (rng.chance(0.05)) {
        for (let i = 0; i < 2000; i++) defineOwn(object, `k${i}`, i);
      }
      detail = `${count} at ${path.join('.') || 'top'}`;
      break;
    }
    case 'prototype-keys': {
      const { path, object } = someObject(message, rng);
      const key = rng.pick(PROTOTYPE_KEYS);
      // Fields the server might read from a polluted prototype: its own and the room's.
      defineOwn(
        object,
        key,
        rng.pick<Json>([
          { type: 'ping', clientTimeMs: 1, readonly: false, role: 'scribe', isHost: true, admin: true },
          { prototype: { polluted: true, readonly: false } },
          { toString: 'x', valueOf: 1 },
          null,
          'polluted',
        ]),
      );
      detail = `${key} at ${path.join('.') || 'top'}`;
      break;
    }
    case 'huge-string': {
      const path = fields.length > 0 && rng.chance(0.8) ? rng.pick(fields) : [rng.word(1, 8)];
      const value = longString(rng);
      setAt(message, path, value);
      detail = `${path.join('.')}: ${value.length} chars`;
      break;
    }
    case 'huge-number': {
      const numeric = fields.filter((path) => typeof getAt(message, path) === 'number');
      const path =
        numeric.length > 0 && rng.chance(0.8)
          ? rng.pick(numeric)
          : fields.length > 0
            ? rng.pick(fields)
            : ['n'];
      setAt(message, path, oddNumber(rng, json));
      detail = path.join('.');
      break;
    }
    case 'deep-nesting': {
      const path = fields.length > 0 && rng.chance(0.7) ? rng.pick(fields) : [rng.word(1, 8)];
      const depth = nestingDepth(rng);
      setAt(message, path, json.raw(deepJson(depth, rng)));
      detail = `${path.join('.')}: ${depth} levels`;
      break;
    }
    case 'type-confusion':
      message.type = confusedType(type, rng, json);
      detail = 'type';
      break;
    case 'nasty-strings': {
      const strings = fields.filter((path) => typeof getAt(message, path) === 'string');
      const changed: string[] = [];
      for (const path of strings) {
        if (!rng.chance(0.6) && changed.length > 0) continue;
        setAt(message, path, rng.pick(NASTY_STRINGS));
        changed.push(path.join('.'));
      }
      if (changed.length === 0) defineOwn(message, rng.word(1, 8), rng.pick(NASTY_STRINGS));
      detail = changed.join(', ') || 'extra field';
      break;
    }
    case 'duplicate-keys': {
      // JSON.parse keeps the last of two equal keys: a checker reading the first would disagree.
      const text = json.stringify(message);
      const other = rng.pick(CLIENT_MESSAGE_TYPES);
      const injected = rng.chance(0.5)
        ? `{"type":${JSON.stringify(other)},${text.slice(1)}`
        : `${text.slice(0, -1)},"type":${JSON.stringify(other)}}`;
      return {
        kind: 'text',
        data: injected,
        mutation,
        messageType: type,
        detail: `type twice: ${type}, ${other}`,
      };
    }
    default:
      throw new Error(`${mutation} does not start from a message`);
  }
  return { kind: 'text', data: json.stringify(message), mutation, messageType: type, detail };
}

function invalidJson(identity: FuzzIdentity, rng: Prng): FuzzFrame {
  const valid = JSON.stringify(validMessage(rng.pick(CLIENT_MESSAGE_TYPES), identity, rng));
  const [detail, data] = rng.pick<() => [string, string]>([
    () => ['truncated', valid.slice(0, rng.int(1, Math.max(1, valid.length - 1)))],
    () => ['trailing comma', `${valid.slice(0, -1)},}`],
    () => ['single quotes', valid.replace(/"/g, "'")],
    () => ['NaN literal', '{"type":"ping","clientTimeMs":NaN}'],
    () => ['Infinity literal', '{"type":"ping","clientTimeMs":Infinity}'],
    () => ['comment', `/* hi */${valid}`],
    () => ['two objects', `${valid}${valid}`],
    () => ['bare word', rng.word(1, 20)],
    () => ['unclosed', '{"type":"ping","clientTimeMs":1'],
    () => ['unclosed deep', '['.repeat(rng.pick([100, 10_000, 60_000]))],
    () => ['bad escape', '{"type":"update-title","title":"\\x41\\u12"}'],
    () => ['control character', '{"type":"update-title","title":"a\u0001b"}'],
    () => ['garbage', Buffer.from(rng.bytes(rng.int(1, 200))).toString('latin1')],
    () => ['whitespace only', ' \n\t '.repeat(rng.int(1, 1000))],
  ])();
  return { kind: 'text', data, mutation: 'invalid-json', detail };
}

function nonObjectJson(identity: FuzzIdentity, rng: Prng): FuzzFrame {
  const message = validMessage(rng.pick(CLIENT_MESSAGE_TYPES), identity, rng);
  const [detail, data] = rng.pick<() => [string, string]>([
    () => ['null', 'null'],
    () => ['number', '42'],
    () => ['huge number', '1e309'],
    () => ['string', JSON.stringify(message.type)],
    () => ['boolean', 'true'],
    () => ['empty array', '[]'],
    () => ['message in an array', JSON.stringify([message])],
    () => ['deep array', '['.repeat(10_000) + ']'.repeat(10_000)],
    () => ['BOM then object', `\uFEFF${JSON.stringify(message)}`],
    () => ['padded object', `${' '.repeat(rng.int(1, 30_000))}${JSON.stringify(message)}`],
  ])();
  return { kind: 'text', data, mutation: 'non-object-json', detail };
}

function invalidUtf8(rng: Prng): FuzzFrame {
  const prefix = Buffer.from('{"type":"update-title","title":"');
  const bad = rng.pick([
    Uint8Array.of(0xc3, 0x28),
    Uint8Array.of(0xff, 0xfe),
    Uint8Array.of(0xed, 0xa0, 0x80),
    Uint8Array.of(0xf8, 0x88, 0x80, 0x80, 0x80),
    Uint8Array.of(0xe2, 0x82),
  ]);
  const data = Buffer.concat([prefix, bad, Buffer.from('"}')]);
  return { kind: 'utf8-bytes', data, mutation: 'invalid-utf8', detail: Buffer.from(bad).toString('hex') };
}

/** Noise as audio: an even number of bytes that the server takes for PCM when recording. */
function binaryNoise(rng: Prng): FuzzFrame {
  const length =
    2 *
    rng.weighted([
      [960, 4],
      [rng.int(1, 4000), 3],
      [1, 1],
    ]);
  return { kind: 'binary', data: rng.bytes(length), mutation: 'binary-noise', detail: `${length} bytes` };
}

/** How often each kind of frame is made. Frames that close the socket are rare, so most frames land on an open one. */
const MUTATION_WEIGHTS: readonly (readonly [Mutation, number])[] = [
  ['valid', 22],
  ['missing-field', 8],
  ['wrong-type', 12],
  ['extra-fields', 6],
  ['prototype-keys', 5],
  ['huge-string', 3],
  ['huge-number', 5],
  ['deep-nesting', 4],
  ['type-confusion', 5],
  ['duplicate-keys', 3],
  ['nasty-strings', 6],
  ['invalid-json', 6],
  ['non-object-json', 4],
  ['empty-text', 1],
  ['invalid-utf8', 0.3],
  ['text-oversized', 0.2],
  ['binary-noise', 9],
  ['binary-odd-length', 3],
  ['binary-empty', 1],
  ['binary-too-large', 1.5],
  ['binary-oversized', 0.2],
];

/** Valid messages are mostly of the kinds a real client sends often. */
function validType(rng: Prng): ClientMessageType {
  const known = rng.chance(0.7);
  if (known) {
    const common = (
      ['audio', 'ping', 'signal-i-am-typing', 'update-title', 'transcripts-since'] as const
    ).filter((t) => (CLIENT_MESSAGE_TYPES as readonly string[]).includes(t));
    if (common.length > 0) return rng.pick(common);
  }
  return rng.pick(CLIENT_MESSAGE_TYPES);
}

/** One frame, drawn from `rng`. */
export function nextFrame(identity: FuzzIdentity, rng: Prng, only?: Mutation): FuzzFrame {
  const mutation = only ?? rng.weighted(MUTATION_WEIGHTS);
  switch (mutation) {
    case 'valid': {
      const type = validType(rng);
      // `close` ends the socket: keep it as rare as the other frames that do.
      if (type === 'close' && !only && rng.chance(0.8)) return brokenMessage('ping', 'valid', identity, rng);
      return brokenMessage(type, 'valid', identity, rng);
    }
    case 'invalid-json':
      return invalidJson(identity, rng);
    case 'non-object-json':
      return nonObjectJson(identity, rng);
    case 'empty-text':
      return { kind: 'text', data: '', mutation, detail: 'empty' };
    case 'invalid-utf8':
      return invalidUtf8(rng);
    case 'text-oversized': {
      const length = WS_MAX_PAYLOAD_BYTES + rng.int(1, 64 * 1024);
      const data = `{"type":"update-title","title":"${'a'.repeat(length)}"}`;
      return { kind: 'text', data, mutation, messageType: 'update-title', detail: `${data.length} bytes` };
    }
    case 'binary-noise':
      return binaryNoise(rng);
    case 'binary-odd-length': {
      const length = 2 * rng.int(0, 2000) + 1;
      return { kind: 'binary', data: rng.bytes(length), mutation, detail: `${length} bytes` };
    }
    case 'binary-empty':
      return { kind: 'binary', data: new Uint8Array(0), mutation, detail: '0 bytes' };
    case 'binary-too-large': {
      // Larger than an audio frame may be, smaller than what ws refuses: the server's own check.
      const length = MAX_AUDIO_FRAME_BYTES + 2 * rng.int(1, 10_000);
      return { kind: 'binary', data: new Uint8Array(length), mutation, detail: `${length} bytes` };
    }
    case 'binary-oversized': {
      const length = WS_MAX_PAYLOAD_BYTES + rng.int(1, 64 * 1024);
      return { kind: 'binary', data: new Uint8Array(length), mutation, detail: `${length} bytes` };
    }
    default:
      return brokenMessage(rng.pick(CLIENT_MESSAGE_TYPES), mutation, identity, rng);
  }
}

/** True for frames after which `ws` (not the Hearken code) closes the socket. */
export function closesSocket(frame: FuzzFrame): boolean {
  return frame.kind === 'utf8-bytes' || frameBytes(frame) > WS_MAX_PAYLOAD_BYTES;
}
