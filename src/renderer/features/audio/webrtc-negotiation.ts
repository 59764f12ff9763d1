/**
 * The client's side of WebRTC audio as a pure state machine, so every rule is tested as a
 * table: which state a negotiation is in, which transport carries the microphone meanwhile,
 * and when it gives up on WebRTC. The spec's Peer connection rules: a failed connection is
 * closed; a closed one is reset (this recording will not use it again); a failure stops its
 * audio, and here the same recording then goes on as PCM frames on the socket.
 */
import { WEBRTC_CONNECT_TIMEOUT_MS, WEBRTC_OFFER_TIMEOUT_MS } from '../../../shared/webrtc';

export type NegotiationState =
  | 'awaiting-offer'
  | 'connecting'
  | 'connected'
  /** The connection was lost for a moment: ICE may find its way back before the grace ends. */
  | 'disconnected'
  | 'failed'
  | 'closed';

export type PeerConnectionState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export type NegotiationEvent =
  | { kind: 'offer' }
  /** The server refused the webrtc format, or could not make a peer connection. */
  | { kind: 'refused' }
  /** Answering the offer failed in the browser (no RTCPeerConnection, a bad offer). */
  | { kind: 'error' }
  /** The state's time ran out (timeoutFor). */
  | { kind: 'timeout' }
  | { kind: 'peer'; state: PeerConnectionState };

/**
 * pending: the microphone's chunks are held (nothing is sent yet); webrtc: the peer connection
 * carries them; socket: PCM frames on the socket (the fallback).
 */
export type Transport = 'pending' | 'webrtc' | 'socket';

export interface NegotiationStep {
  state: NegotiationState;
  transport: Transport;
  /** Close the peer connection now (it failed, or WebRTC is given up). */
  close: boolean;
}

/** How long a disconnected connection may take to come back before the socket takes over. */
export const WEBRTC_DISCONNECTED_GRACE_MS = 3000;

const TRANSPORT: Record<NegotiationState, Transport> = {
  'awaiting-offer': 'pending',
  connecting: 'pending',
  connected: 'webrtc',
  // Packets do not get through while disconnected: held, as while connecting, and sent on the
  // socket if it comes back (ahead of the next Opus chunk) or if it fails.
  disconnected: 'pending',
  failed: 'socket',
  closed: 'socket',
};

function to(state: NegotiationState, close = false): NegotiationStep {
  return { state, transport: TRANSPORT[state], close };
}

export function negotiationStep(state: NegotiationState, event: NegotiationEvent): NegotiationStep {
  // Over: nothing brings WebRTC back for this recording.
  if (state === 'failed' || state === 'closed') return to(state);
  if (event.kind === 'peer') {
    switch (event.state) {
      case 'failed':
        return to('failed', true);
      case 'closed':
        return to('closed');
      case 'connected':
        return state === 'awaiting-offer' ? to(state) : to('connected');
      case 'disconnected':
        return state === 'connected' ? to('disconnected') : to(state);
      default:
        return to(state);
    }
  }
  switch (event.kind) {
    case 'offer':
      return state === 'awaiting-offer' ? to('connecting') : to(state);
    case 'refused':
    case 'error':
      return to('failed', true);
    case 'timeout':
      return timeoutFor(state) === undefined ? to(state) : to('failed', true);
  }
}

/** How long this state may last before WebRTC is given up (undefined: as long as it likes). */
export function timeoutFor(state: NegotiationState): number | undefined {
  switch (state) {
    case 'awaiting-offer':
      return WEBRTC_OFFER_TIMEOUT_MS;
    case 'connecting':
      return WEBRTC_CONNECT_TIMEOUT_MS;
    case 'disconnected':
      return WEBRTC_DISCONNECTED_GRACE_MS;
    default:
      return undefined;
  }
}

/** Whether the recording should try WebRTC at all: a browser peer, a microphone track, not computer audio. */
export function triesWebRtc(options: {
  peerAvailable: boolean;
  hasTrack: boolean;
  computerAudio: boolean;
}): boolean {
  return options.peerAvailable && options.hasTrack && !options.computerAudio;
}
