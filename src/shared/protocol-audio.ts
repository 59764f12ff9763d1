/**
 * The client's messages about the audio of a recording (protocol.ts's table spreads them in):
 * `audio` start and stop with the frames' metadata, the WebRTC route's answer, ICE candidates,
 * track metadata and mute, and `reset-recorder`.
 */
import { CHUNK_LENGTH_MS, DISPLAY_NAME_MAX_LENGTH, SAMPLE_RATE_HZ } from './constants';
import { boolean, literal, number, object, oneOf, optional, string } from './schema';
import { ICE_CANDIDATE_MAX_LENGTH, SDP_MAX_LENGTH } from './webrtc';
import { opaqueId as id } from './protocol-fields';

export const audioMessageSchemas = {
  audio: object({
    type: literal('audio'),
    action: oneOf(['start', 'stop'] as const),
    metadata: optional(
      object({
        lang: string({ min: 2, max: 16 }),
        pFilter: optional(number({ min: 0, max: 10 })),
        mic: optional(oneOf(['BT', 'BUILTIN'] as const)),
        format: oneOf(['pcm_s16le', 'webrtc'] as const),
        sampleRateHz: literal(SAMPLE_RATE_HZ),
        recordingMode: oneOf(['web', 'desktop', 'cli'] as const),
        chunkLengthMs: literal(CHUNK_LENGTH_MS),
        recordingStart: number({ min: 0 }),
        translation: optional(object({ target: optional(string({ max: 16 })) })),
        resumedFromMs: optional(number({ min: 0 })),
        /** Where the frames that follow sit in the microphone capture (RecordingCapture). */
        capture: optional(
          object({
            id: id(),
            offsetSamples: number({ min: 0, integer: true }),
            atMs: number({ min: 0 }),
          }),
        ),
        /** The frames that follow are held audio, decoded as a catch-up stream (entities.ts). */
        late: optional(boolean()),
        /**
         * What this stream hears. The computer's sound is its own stream with its own label
         * ("Computer audio" in the person's language, or the meeting's name), never mixed into
         * the microphone's: its lines belong to a speaker of that name (rooms/speakers.ts).
         */
        source: optional(
          object({
            kind: oneOf(['microphone', 'computer-audio'] as const),
            label: optional(string({ max: DISPLAY_NAME_MAX_LENGTH * 2 })),
          }),
        ),
      }),
    ),
  }),
  /**
   * WebRTC audio (shared/webrtc.ts): the client's `answer` to the server's offer, or one of its
   * ICE candidates. The offer is the server's, sent after `audio` start with format `webrtc`.
   */
  webrtc: object({
    type: literal('webrtc'),
    answer: optional(object({ type: literal('answer'), sdp: string({ min: 1, max: SDP_MAX_LENGTH }) })),
    iceCandidate: optional(
      object({
        candidate: string({ max: ICE_CANDIDATE_MAX_LENGTH }),
        sdpMid: optional(string({ max: 64 })),
        sdpMLineIndex: optional(number({ min: 0, max: 64, integer: true })),
        usernameFragment: optional(string({ max: 256 })),
      }),
    ),
  }),
  /** Which track of the peer connection is the microphone of the `audio` start (its id and mid). */
  'webrtc-track-metadata': object({
    type: literal('webrtc-track-metadata'),
    trackId: string({ min: 1, max: 128 }),
    mid: optional(string({ max: 64 })),
    kind: oneOf(['microphone'] as const),
  }),
  /**
   * The microphone track of one's WebRTC recording was muted or unmuted (the spec's track mute
   * state messages, which it does not name): while muted the track carries silence, the room's
   * status shows the stream muted (`audioStreams[].muted`) and the line being spoken ends at once.
   */
  'webrtc-track-mute': object({
    type: literal('webrtc-track-mute'),
    trackId: string({ min: 1, max: 128 }),
    muted: boolean(),
  }),
  'reset-recorder': object({ type: literal('reset-recorder') }),
};
