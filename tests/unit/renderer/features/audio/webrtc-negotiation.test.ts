import { describe, expect, it } from 'vitest';
import { WEBRTC_CONNECT_TIMEOUT_MS, WEBRTC_OFFER_TIMEOUT_MS } from '../../../../../src/shared/webrtc';
import {
  type NegotiationEvent,
  type NegotiationState,
  WEBRTC_DISCONNECTED_GRACE_MS,
  negotiationStep,
  timeoutFor,
  triesWebRtc,
} from '../../../../../src/renderer/features/audio/webrtc-negotiation';

const peer = (
  state: 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed',
): NegotiationEvent => ({
  kind: 'peer',
  state,
});

describe('negotiationStep', () => {
  it.each<[NegotiationState, NegotiationEvent, NegotiationState, 'pending' | 'webrtc' | 'socket', boolean]>([
    // The offer comes: answering, chunks still held.
    ['awaiting-offer', { kind: 'offer' }, 'connecting', 'pending', false],
    // The server refuses (WebRTC off) or never offers: the socket at once.
    ['awaiting-offer', { kind: 'refused' }, 'failed', 'socket', true],
    ['awaiting-offer', { kind: 'timeout' }, 'failed', 'socket', true],
    ['awaiting-offer', { kind: 'error' }, 'failed', 'socket', true],
    // Connected: WebRTC carries the audio.
    ['connecting', peer('connecting'), 'connecting', 'pending', false],
    ['connecting', peer('connected'), 'connected', 'webrtc', false],
    // ICE fails or takes too long: failed closes it, and the socket takes over.
    ['connecting', peer('failed'), 'failed', 'socket', true],
    ['connecting', { kind: 'timeout' }, 'failed', 'socket', true],
    ['connecting', { kind: 'refused' }, 'failed', 'socket', true],
    // A blip: held, and back to WebRTC if it recovers within the grace...
    ['connected', peer('disconnected'), 'disconnected', 'pending', false],
    ['disconnected', peer('connected'), 'connected', 'webrtc', false],
    // ...or the socket if it does not.
    ['disconnected', { kind: 'timeout' }, 'failed', 'socket', true],
    ['connected', peer('failed'), 'failed', 'socket', true],
    // Closed resets it: this recording goes on without it.
    ['connected', peer('closed'), 'closed', 'socket', false],
    // Connected has no time limit, and a late offer changes nothing.
    ['connected', { kind: 'timeout' }, 'connected', 'webrtc', false],
    ['connected', { kind: 'offer' }, 'connected', 'webrtc', false],
    // Over is over.
    ['failed', peer('connected'), 'failed', 'socket', false],
    ['closed', { kind: 'offer' }, 'closed', 'socket', false],
  ])('%s + %j → %s (%s, close %s)', (state, event, next, transport, close) => {
    expect(negotiationStep(state, event)).toEqual({ state: next, transport, close });
  });
});

describe('timeoutFor', () => {
  it('limits the waiting states only', () => {
    expect(timeoutFor('awaiting-offer')).toBe(WEBRTC_OFFER_TIMEOUT_MS);
    expect(timeoutFor('connecting')).toBe(WEBRTC_CONNECT_TIMEOUT_MS);
    expect(timeoutFor('disconnected')).toBe(WEBRTC_DISCONNECTED_GRACE_MS);
    expect(timeoutFor('connected')).toBeUndefined();
    expect(timeoutFor('failed')).toBeUndefined();
  });
});

describe('triesWebRtc', () => {
  it('needs a peer connection and a microphone track, and never for computer audio', () => {
    expect(triesWebRtc({ peerAvailable: true, hasTrack: true, computerAudio: false })).toBe(true);
    expect(triesWebRtc({ peerAvailable: false, hasTrack: true, computerAudio: false })).toBe(false);
    expect(triesWebRtc({ peerAvailable: true, hasTrack: false, computerAudio: false })).toBe(false);
    expect(triesWebRtc({ peerAvailable: true, hasTrack: true, computerAudio: true })).toBe(false);
  });
});
