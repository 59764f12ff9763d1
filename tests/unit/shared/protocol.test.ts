import { describe, expect, it } from 'vitest';
import { MAX_TEXT_MESSAGE_BYTES } from '../../../src/shared/constants';
import {
  CLIENT_MESSAGE_TYPES,
  type ParseResult,
  parseClientMessage,
  parseServerMessage,
} from '../../../src/shared/protocol';

function refused(result: ParseResult) {
  if (result.ok) throw new Error(`expected a refusal, got ${JSON.stringify(result.message)}`);
  return result;
}

/** One valid example of every client message type, as the spec's section 7 names them. */
const VALID: Record<string, Record<string, unknown>> = {
  'connection-params': {
    type: 'connection-params',
    speakerId: 'guest_ab12',
    roomId: 'host1_Xy9.room:1-2',
    username: 'Ada',
    clientInfo: { app: 'web', version: '2.2.0' },
    downAudio: false,
    conversationMode: 'public',
    role: 'participant',
    lang: 'en-US',
    token: 'abc123',
    guestCredential: `guest_ab12.${'A'.repeat(43)}`,
    curseFilter: 3,
  },
  'connection-params-update': {
    type: 'connection-params-update',
    roomId: 'room1',
    saveTranscript: true,
    conversationMode: 'public-muted',
    state: { value: 'ended' },
    usePaidASR: false,
    downAudio: true,
    audio: true,
    requireAdmission: true,
  },
  'connection-request-answer': { type: 'connection-request-answer', id: 'req123', accept: true },
  'update-title': { type: 'update-title', title: 'Team meeting' },
  'update-transcript-owner': { type: 'update-transcript-owner', avaId: 'guest-2', owner: true },
  audio: {
    type: 'audio',
    action: 'start',
    metadata: {
      lang: 'en-US',
      pFilter: 2,
      mic: 'BUILTIN',
      format: 'pcm_s16le',
      sampleRateHz: 16000,
      recordingMode: 'web',
      chunkLengthMs: 60,
      recordingStart: 1_700_000_000_000,
      translation: { target: 'fr' },
    },
  },
  webrtc: {
    type: 'webrtc',
    answer: { type: 'answer', sdp: 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n' },
    iceCandidate: {
      candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host',
      sdpMid: '0',
      sdpMLineIndex: 0,
      usernameFragment: 'abcd',
    },
  },
  'webrtc-track-metadata': {
    type: 'webrtc-track-metadata',
    trackId: '{3f2a-mic}',
    mid: '0',
    kind: 'microphone',
  },
  'reset-recorder': { type: 'reset-recorder' },
  'webrtc-track-mute': { type: 'webrtc-track-mute', trackId: 'mic-1', muted: true },
  'change-speaker-language': { type: 'change-speaker-language', language: 'fr-FR', targetAvaId: 'guest-2' },
  mbackend: { type: 'mbackend', content: 'the caption font looked small' },
  'signal-i-am-typing': { type: 'signal-i-am-typing', fromUser: true },
  'typed-message': { type: 'typed-message', text: 'Yes, I agree.', lang: 'en-US' },
  'assign-voicing-speaker-myself': {
    type: 'assign-voicing-speaker-myself',
    speakerId: 'voicing-a1b2c3d4e5f6',
  },
  'assign-voicing-speaker-name': {
    type: 'assign-voicing-speaker-name',
    speakerId: 'voicing-a1b2c3d4e5f6',
    speakerName: 'Grandma Rose',
  },
  'assign-bloc-different-speaker': {
    type: 'assign-bloc-different-speaker',
    speakerId: 'voicing-a1b2c3d4e5f6',
    blocId: 'typedAbc123',
  },
  'request-text-to-speech': {
    type: 'request-text-to-speech',
    requestId: 'r1',
    text: 'Yes, I agree.',
    voiceId: 'openai-echo',
    lang: 'en-US',
  },
  'set-reading-language': { type: 'set-reading-language', lang: 'es' },
  'set-curse-filter': { type: 'set-curse-filter', level: 0 },
  'auto-translate-toggle': { type: 'auto-translate-toggle' },
  'auto-translate-set-guest-language': { type: 'auto-translate-set-guest-language', language: 'fr-FR' },
  'force-mute': { type: 'force-mute', avaId: 'guest-2' },
  'prolong-restricted-session': { type: 'prolong-restricted-session' },
  'request-ava-bot': {
    type: 'request-ava-bot',
    speechLang: 'en-US',
    meetingUrl: 'https://meet.google.com/abc-defg-hij',
  },
  'end-ava-bot': { type: 'end-ava-bot' },
  'update-ava-bot-speech-lang': { type: 'update-ava-bot-speech-lang', speechLang: 'fr-FR' },
  'ava-bot-text-to-speech': { type: 'ava-bot-text-to-speech', text: 'Can you hear me?' },
  close: { type: 'close', reason: 'last_guest_left' },
  ping: { type: 'ping', clientTimeMs: 123 },
  'transcripts-since': { type: 'transcripts-since', afterSeq: 41 },
  'transcripts-before': { type: 'transcripts-before', beforeIndex: 200, limit: 50 },
  'request-scribe': { type: 'request-scribe', correctionMode: 'accurate' },
  'cancel-scribe': { type: 'cancel-scribe' },
  'update-scribe-correction-mode': { type: 'update-scribe-correction-mode', correctionMode: 'fast' },
  'scribe-chat': { type: 'scribe-chat', text: 'Could you ask them to speak a little slower?' },
  'access-boost-words': { type: 'access-boost-words', action: 'add', words: 'Zarathustra, Helstone' },
  boost: { type: 'boost', enabled: false },
  'user-query': { type: 'user-query', avaNameStartsWith: 'zor' },
  'connection-request': {
    type: 'connection-request',
    fromSource: 'name',
    id: 'inv1',
    to: 'zora1',
    role: 'participant',
  },
  'connection-invitation-answer': { type: 'connection-invitation-answer', id: 'srv1', accept: true },
  'transcript-edit': {
    type: 'transcript-edit',
    transcriptId: 'host1_Xy9-utt3',
    mutation: {
      id: 'm-1',
      parent: 4,
      origin: 'human',
      type: 'insert',
      index: 6,
      text: 'meeting',
      lang: 'en-US',
    },
    origin: 'human',
  },
};

describe('parseClientMessage: valid messages', () => {
  it('has an example for every client message type', () => {
    expect(Object.keys(VALID).sort()).toEqual([...CLIENT_MESSAGE_TYPES].sort());
  });

  it.each(Object.entries(VALID))('accepts %s with all its fields', (_, message) => {
    expect(parseClientMessage(JSON.stringify(message))).toEqual({ ok: true, message });
  });

  it.each([
    [{ type: 'connection-params', speakerId: 's1', roomId: 'r1' }],
    [{ type: 'connection-params-update' }],
    [{ type: 'audio', action: 'stop' }],
    [{ type: 'signal-i-am-typing' }],
    [{ type: 'close' }],
    [{ type: 'update-title', title: '' }],
  ])('accepts %j with only its required fields', (message) => {
    expect(parseClientMessage(JSON.stringify(message))).toEqual({ ok: true, message });
  });

  it('drops unknown fields, at the top and nested', () => {
    const result = parseClientMessage(
      JSON.stringify({ type: 'ping', clientTimeMs: 5, admin: true, state: { value: 'ended' } }),
    );
    expect(result).toEqual({ ok: true, message: { type: 'ping', clientTimeMs: 5 } });
    const nested = parseClientMessage(
      JSON.stringify({ type: 'connection-params-update', state: { value: 'ongoing', by: 'x' } }),
    );
    expect(nested).toEqual({
      ok: true,
      message: { type: 'connection-params-update', state: { value: 'ongoing' } },
    });
  });
});

describe('parseClientMessage: refusals', () => {
  it.each([
    ['not JSON', 'hello', 'invalid-json', 'message is not valid JSON'],
    ['truncated JSON', '{"type":"ping"', 'invalid-json', 'message is not valid JSON'],
    ['the empty string', '', 'invalid-json', 'message is not valid JSON'],
    ['a number', '42', 'invalid-message', 'message must be a JSON object'],
    ['a string', '"ping"', 'invalid-message', 'message must be a JSON object'],
    ['null', 'null', 'invalid-message', 'message must be a JSON object'],
    ['an array', '[{"type":"ping"}]', 'invalid-message', 'message must be a JSON object'],
    ['an object without type', '{"clientTimeMs":1}', 'invalid-message', 'type: is required'],
    ['a non-string type', '{"type":7}', 'invalid-message', 'type: is required'],
  ])('refuses %s', (_, text, code, message) => {
    const r = refused(parseClientMessage(text));
    expect(r.error).toEqual({ code, message });
    expect(r.inReplyTo).toBeUndefined();
  });

  it.each(['hello', 'PING', 'toString', '__proto__', 'constructor', 'hasOwnProperty'])(
    'refuses the unknown type %s, naming it',
    (type) => {
      const r = refused(parseClientMessage(JSON.stringify({ type })));
      expect(r.error).toEqual({ code: 'unknown-type', message: `unknown message type "${type}"` });
      expect(r.inReplyTo).toBe(type);
    },
  );

  it('truncates an unknown type to 64 characters in inReplyTo and the message', () => {
    const type = 'x'.repeat(60) + 'abcdefghij';
    const r = refused(parseClientMessage(JSON.stringify({ type })));
    expect(r.error.code).toBe('unknown-type');
    expect(r.inReplyTo).toBe('x'.repeat(60) + 'abcd');
    expect(r.inReplyTo).toHaveLength(64);
    expect(r.error.message).toBe(`unknown message type "${'x'.repeat(60)}abcd"`);
  });

  it.each([
    [
      'a number as roomId',
      { type: 'connection-params', speakerId: 's', roomId: 5 },
      'connection-params: roomId: expected string, got number',
    ],
    [
      'a missing speakerId',
      { type: 'connection-params', roomId: 'r' },
      'connection-params: speakerId: is required',
    ],
    [
      'a roomId with a space',
      { type: 'connection-params', speakerId: 's', roomId: 'a b' },
      'connection-params: roomId: has an invalid format',
    ],
    [
      'an empty roomId',
      { type: 'connection-params', speakerId: 's', roomId: '' },
      'connection-params: roomId: must be at least 1 characters',
    ],
    [
      'a roomId of 129 characters',
      { type: 'connection-params', speakerId: 's', roomId: 'r'.repeat(129) },
      'connection-params: roomId: must be at most 128 characters',
    ],
    [
      'a voiced reply over the keyboard limit',
      { type: 'request-text-to-speech', requestId: 'r1', text: 'x'.repeat(501) },
      'request-text-to-speech: text: must be at most 500 characters',
    ],
    [
      'a voiced reply without a request id',
      { type: 'request-text-to-speech', text: 'hello' },
      'request-text-to-speech: requestId: is required',
    ],
    [
      'a voiced reply whose request id has a space',
      { type: 'request-text-to-speech', requestId: 'a b', text: 'hello' },
      'request-text-to-speech: requestId: has an invalid format',
    ],
    [
      'a voiced reply with an empty text',
      { type: 'request-text-to-speech', requestId: 'r1', text: '' },
      'request-text-to-speech: text: must be at least 1 characters',
    ],
    [
      'an unknown role',
      { type: 'connection-params', speakerId: 's', roomId: 'r', role: 'host' },
      'connection-params: role: expected one of participant, scribe',
    ],
    [
      'a bad client version',
      { type: 'connection-params', speakerId: 's', roomId: 'r', clientInfo: { version: 2 } },
      'connection-params: clientInfo.version: expected string, got number',
    ],
    [
      'a token with punctuation',
      { type: 'connection-params', speakerId: 's', roomId: 'r', token: 'ab/cd' },
      'connection-params: token: has an invalid format',
    ],
    [
      'a title over 200 characters',
      { type: 'update-title', title: 't'.repeat(201) },
      'update-title: title: must be at most 200 characters',
    ],
    [
      'an unknown audio action',
      { type: 'audio', action: 'pause' },
      'audio: action: expected one of start, stop',
    ],
    [
      'audio at 8 kHz',
      {
        type: 'audio',
        action: 'start',
        metadata: { ...(VALID.audio!.metadata as object), sampleRateHz: 8000 },
      },
      'audio: metadata.sampleRateHz: expected 16000',
    ],
    [
      'audio metadata without lang',
      { type: 'audio', action: 'start', metadata: { ...(VALID.audio!.metadata as object), lang: undefined } },
      'audio: metadata.lang: is required',
    ],
    [
      'a pFilter above 10',
      { type: 'audio', action: 'start', metadata: { ...(VALID.audio!.metadata as object), pFilter: 11 } },
      'audio: metadata.pFilter: must be between 0 and 10',
    ],
    [
      'a bad state value',
      { type: 'connection-params-update', state: { value: 'paused' } },
      'connection-params-update: state.value: expected one of ongoing, ended',
    ],
    [
      'an unknown close reason',
      { type: 'close', reason: 'bored' },
      'close: reason: expected one of app_terminated, max_convo_time_reached, closed, host_left, last_guest_left',
    ],
    ['a ping without time', { type: 'ping' }, 'ping: clientTimeMs: is required'],
    [
      'a fractional seq',
      { type: 'transcripts-since', afterSeq: 1.5 },
      'transcripts-since: afterSeq: must be an integer',
    ],
    [
      'a page larger than the server gives',
      { type: 'transcripts-before', beforeIndex: 10, limit: 5000 },
      'transcripts-before: limit: must be between 1 and 200',
    ],
    [
      'a reading language that is not a language tag',
      { type: 'set-reading-language', lang: 'es; drop table' },
      'set-reading-language: lang: has an invalid format',
    ],
    [
      'a curse filter level past the strictest',
      { type: 'set-curse-filter', level: 4 },
      'set-curse-filter: level: must be between 0 and 3',
    ],
    [
      'a curse filter level that is not whole',
      { type: 'set-curse-filter', level: 1.5 },
      'set-curse-filter: level: must be an integer',
    ],
    [
      'a reading language of one letter',
      { type: 'set-reading-language', lang: 'e' },
      'set-reading-language: lang: must be at least 2 characters',
    ],
    [
      'a guest language that is missing',
      { type: 'auto-translate-set-guest-language' },
      'auto-translate-set-guest-language: language: is required',
    ],
    [
      'a guest language given as a number',
      { type: 'auto-translate-set-guest-language', language: 34 },
      'auto-translate-set-guest-language: language: expected string, got number',
    ],
    [
      'a string as fromUser',
      { type: 'signal-i-am-typing', fromUser: 'yes' },
      'signal-i-am-typing: fromUser: expected boolean, got string',
    ],
  ])('refuses %s, naming the field', (_, message, text) => {
    const r = refused(parseClientMessage(JSON.stringify(message)));
    expect(r.error).toEqual({ code: 'invalid-message', message: text });
    expect(r.inReplyTo).toBe(message.type);
  });

  it('refuses a negative ping time, naming the field', () => {
    const r = refused(parseClientMessage(JSON.stringify({ type: 'ping', clientTimeMs: -1 })));
    expect(r.error.code).toBe('invalid-message');
    expect(r.error.message).toMatch(/^ping: clientTimeMs: must be between 0 and /);
  });

  /** A valid ping padded with spaces (still valid JSON) to exactly `length` characters. */
  const paddedPing = (length: number) => {
    const json = '{"type":"ping","clientTimeMs":1}';
    return json + ' '.repeat(length - json.length);
  };

  it('accepts a message of exactly the size limit and refuses one byte more', () => {
    expect(paddedPing(MAX_TEXT_MESSAGE_BYTES)).toHaveLength(65_536);
    expect(parseClientMessage(paddedPing(MAX_TEXT_MESSAGE_BYTES)).ok).toBe(true);
    const r = refused(parseClientMessage(paddedPing(MAX_TEXT_MESSAGE_BYTES + 1)));
    expect(r.error).toEqual({ code: 'message-too-large', message: 'message exceeds 65536 bytes' });
  });

  it('refuses an oversize message before parsing it, even when it is not JSON', () => {
    expect(refused(parseClientMessage('x'.repeat(MAX_TEXT_MESSAGE_BYTES + 1))).error.code).toBe(
      'message-too-large',
    );
  });

  it('counts the size in UTF-8 bytes, not characters', () => {
    // 'é' is two bytes in UTF-8. 32,000 of them: 64,000 bytes plus the JSON around them, under 64 KiB.
    const under = JSON.stringify({ type: 'update-title', title: 'x', pad: 'é'.repeat(32_000) });
    expect(new TextEncoder().encode(under).length).toBeLessThanOrEqual(MAX_TEXT_MESSAGE_BYTES);
    expect(parseClientMessage(under).ok).toBe(true);
    // 40,000 of them are 40,000 characters but 80,000 bytes on the wire: more than 64 KiB.
    const over = JSON.stringify({ type: 'update-title', title: 'x', pad: 'é'.repeat(40_000) });
    expect(over.length).toBeLessThan(MAX_TEXT_MESSAGE_BYTES);
    expect(refused(parseClientMessage(over)).error.code).toBe('message-too-large');
  });
});

describe('parseServerMessage', () => {
  it.each([
    [{ type: 'connection-succeeded', speakerId: 's', roomId: 'r', serverTimeMs: 1 }],
    [{ type: 'room-status', status: { id: 'r' } }],
    [{ type: 'room-status-update', reason: 'ended', status: { id: 'r' } }],
    [{ type: 'transcripts', transcripts: [] }],
    [{ type: 'transcript', transcript: { id: 't' } }],
    [{ type: 'webrtc', offer: { type: 'offer', sdp: 'v=0\r\n' } }],
    [{ type: 'PONG', serverTimeMs: 2, clientTimeMs: 1 }],
    [{ type: 'error', error: { code: 'internal', message: 'x' }, inReplyTo: 'ping' }],
  ])('returns the known message %j', (message) => {
    expect(parseServerMessage(JSON.stringify(message))).toEqual(message);
  });

  it.each([
    ['an unknown type', '{"type":"webrtc-offer","offer":{}}'],
    ['a lower-case pong', '{"type":"pong"}'],
    ['a client message type', '{"type":"ping","clientTimeMs":1}'],
    ['a missing type', '{"transcripts":[]}'],
    ['a non-string type', '{"type":1}'],
    ['null', 'null'],
    ['an array', '["transcript"]'],
    ['a string', '"PONG"'],
    ['invalid JSON', '{"type":'],
  ])('drops %s', (_, text) => {
    expect(parseServerMessage(text)).toBeUndefined();
  });
});
