/**
 * WebRTC audio (conversation.md: Peer connection, the `webrtc` and `webrtc-track-metadata`
 * messages, GET turnCredentials): what the client and the server must agree on. The server
 * makes the offer (a receive-only Opus audio line) after an `audio` start whose format is
 * `webrtc`; the client answers with its microphone; ICE candidates trickle both ways in
 * `webrtc` messages. When the peer connection cannot be made the client sends the same audio
 * as PCM frames on the socket instead (renderer/features/audio/webrtc-transport.ts).
 */
import { type Infer, type Schema, array, literal, number, object, optional, string } from './schema';

/** The longest SDP accepted in a message: a browser's audio-only answer is 2 to 4 KB. */
export const SDP_MAX_LENGTH = 16 * 1024;
/** An ICE candidate line ("candidate:... typ host ..."): a few hundred characters at most. */
export const ICE_CANDIDATE_MAX_LENGTH = 1024;

/**
 * How long the client waits for the server's offer after asking for WebRTC, and then for the
 * connection to be made, before it sends PCM on the socket instead. Long enough for ICE over a
 * TURN relay (a few round trips), short enough that little speech is held back: the chunks of
 * the wait are kept in the recording's held audio and sent on the socket if it comes to that.
 */
export const WEBRTC_OFFER_TIMEOUT_MS = 4000;
export const WEBRTC_CONNECT_TIMEOUT_MS = 8000;
/**
 * How long audio the peer connection carried is kept before a PONG may let it go: a PONG proves
 * the socket works, not the peer connection, whose failure the browser notices only after
 * seconds without answers (ICE consent, then `disconnected`) and the client after its 3 s of
 * grace. Audio sent into it meanwhile is sent again as held audio; the room decodes once what did
 * arrive (rooms/catch-up.ts CaptureLedger).
 */
export const WEBRTC_LOSS_NOTICE_MS = 10_000;

/** An ICE candidate as RTCIceCandidate.toJSON() gives it (null fields left out). */
export interface IceCandidateInit {
  candidate: string;
  sdpMid?: string;
  sdpMLineIndex?: number;
  usernameFragment?: string;
}

export interface SessionDescriptionInit<T extends 'offer' | 'answer'> {
  type: T;
  sdp: string;
}

/**
 * The Opus line the server offers: 48 kHz (RTP's Opus clock), in-band forward error correction
 * asked of the sender (useinbandfec) so a lost packet is rebuilt from the next one, mono.
 */
export const OPUS_CLOCK_RATE_HZ = 48000;
export const OPUS_FMTP = 'minptime=10;useinbandfec=1;stereo=0;sprop-stereo=0';

/** RTCIceServer's `urls`: one URL or several. */
const urlsSchema: Schema<string | string[]> = {
  describe: 'string or array of strings',
  json: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
  optional: false,
  check: (input, path = '') =>
    typeof input === 'string' || (Array.isArray(input) && input.every((url) => typeof url === 'string'))
      ? { ok: true, value: input as string | string[] }
      : { ok: false, issue: { path, message: 'expected string or array of strings' } },
};

/** A TURN server with short-lived credentials, as RTCIceServer takes it. */
export const iceServerSchema = object({
  urls: urlsSchema,
  username: optional(string()),
  credential: optional(string()),
});
export type IceServerInit = Infer<typeof iceServerSchema>;

/** GET /api/v1/turnCredentials: the spec's `ok` and `turnCredentials` list. */
export const turnCredentialsResponseSchema = object({
  ok: literal(true),
  turnCredentials: array(iceServerSchema),
  /** Seconds the credentials stay valid from now: fetch new ones before each peer connection. */
  ttlSeconds: number({ min: 0, integer: true }),
});
export type TurnCredentialsResponse = Infer<typeof turnCredentialsResponseSchema>;

/** Drops the null fields browsers put in RTCIceCandidate.toJSON(), which the schema refuses. */
export function toIceCandidateInit(candidate: {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
  usernameFragment?: string | null;
}): IceCandidateInit {
  return {
    candidate: candidate.candidate,
    ...(candidate.sdpMid != null ? { sdpMid: candidate.sdpMid } : {}),
    ...(candidate.sdpMLineIndex != null ? { sdpMLineIndex: candidate.sdpMLineIndex } : {}),
    ...(candidate.usernameFragment != null ? { usernameFragment: candidate.usernameFragment } : {}),
  };
}

/** The connection address of an ICE candidate line ("candidate:f 1 udp prio ADDRESS port typ ..."). */
export function candidateAddress(candidate: string): string | undefined {
  return candidate.replace(/^a=/, '').split(/\s+/)[4];
}

/**
 * The SDP with only the candidates on `addresses`: a peer bound to one address announces no
 * other (werift names every interface's address even when it listens on one).
 */
export function keepCandidatesOn(sdp: string, addresses: readonly string[]): string {
  return sdp
    .split('\r\n')
    .filter((line) => !line.startsWith('a=candidate:') || addresses.includes(candidateAddress(line) ?? ''))
    .join('\r\n');
}
