/**
 * WebRTC audio for one recording: after `audio` start with format `webrtc`, answers the
 * server's offer with the microphone's track (TURN credentials fetched first), relays ICE
 * candidates both ways, and follows the negotiation machine (webrtc-negotiation.ts). Meanwhile
 * the recording's chunks are held; once connected they go by WebRTC only. When the server
 * refuses, the offer or the connection does not come in time, or the connection fails, the
 * peer connection is closed and the same recording goes on as PCM frames on the socket: a new
 * `audio` start with format pcm_s16le, then the held chunks, then the live ones.
 */
import type { Action } from '@reduxjs/toolkit';
import { type EventChannel, buffers, eventChannel } from 'redux-saga';
import { call, cancelled, delay, put, race, select, take } from 'typed-redux-saga';
import { int16ToLittleEndianBytes } from '../../../shared/audio';
import { API } from '../../../shared/api';
import { CHUNK_LENGTH_MS } from '../../../shared/constants';
import type { RecordingStartMetadata } from '../../../shared/entities';
import type { ServerMessage } from '../../../shared/protocol';
import {
  type IceServerInit,
  type TurnCredentialsResponse,
  WEBRTC_HELD_AUDIO_MS,
} from '../../../shared/webrtc';
import type { AppDeps } from '../../app/deps';
import type { RootState } from '../../app/root-reducer';
import { identityHeaders } from '../identity/sagas';
import { socketActions } from '../socket/slice';
import type { HeldAudio } from './held-audio';
import type { AudioPeer, PeerEvent } from './peer-connection';
import { audioActions } from './slice';
import {
  type NegotiationEvent,
  type NegotiationState,
  type Transport,
  hold,
  negotiationStep,
  timeoutFor,
} from './webrtc-negotiation';

const TAG = 'webrtc';
/** Chunks held while WebRTC is tried: the whole of its time limits. */
export const HELD_CHUNKS = Math.ceil(WEBRTC_HELD_AUDIO_MS / CHUNK_LENGTH_MS);

/** Where the recording's chunks go now; shared by the pump (recordOnce) and this saga. */
export interface AudioRoute {
  transport: Transport;
  held: Int16Array[];
  peer?: AudioPeer;
  /**
   * The connection is down, or held audio is being sent (catch-up.ts): chunks are only kept in
   * `capture`, to be sent as held audio.
   */
  holding?: boolean;
  /** The capture's audio the server may not have (held-audio.ts); socket chunks are kept until a PONG. */
  capture?: HeldAudio;
}

/** What the pump does with one chunk (already silenced while muted). */
export function routeChunk(
  deps: AppDeps,
  route: AudioRoute | undefined,
  samples: Int16Array,
  muted: boolean,
): void {
  const now = deps.now();
  if (route?.holding) route.capture?.add(samples, now - CHUNK_LENGTH_MS);
  else if (!route || route.transport === 'socket') {
    deps.link.sendBinary(int16ToLittleEndianBytes(samples));
    route?.capture?.add(samples, now - CHUNK_LENGTH_MS, now);
  } else {
    // Sent another way (held for WebRTC, or by the peer connection): counted, not kept.
    route.capture?.pass(samples.length);
    if (route.transport === 'pending') hold(route.held, samples, HELD_CHUNKS);
    else route.peer?.setMuted(muted);
  }
}

type Signal = Extract<ServerMessage, { type: 'webrtc' }> | Extract<ServerMessage, { type: 'error' }>;

/** The server's `webrtc` messages, and its refusals of this recording's WebRTC. */
const isSignal = (action: Action): boolean =>
  socketActions.messageReceived.match(action) &&
  (action.payload.type === 'webrtc' ||
    (action.payload.type === 'error' &&
      (action.payload.inReplyTo === 'audio' || action.payload.inReplyTo === 'webrtc')));

/** Short-lived TURN credentials; none (direct connections only) when they cannot be had. */
export function* fetchIceServers(deps: AppDeps) {
  const identity = yield* select((s: RootState) => s.session.identity);
  const result = yield* call([deps.http, deps.http.get<TurnCredentialsResponse>], API.turnCredentials, {
    headers: identity ? identityHeaders(identity) : {},
  });
  if (result.ok) return result.data.turnCredentials;
  deps.logger.log('warn', TAG, `no TURN credentials (${result.message}): direct connections only`);
  return [] as IceServerInit[];
}

function peerChannel(peer: AudioPeer): EventChannel<PeerEvent> {
  return eventChannel<PeerEvent>((emit) => peer.subscribe(emit), buffers.expanding(32));
}

/**
 * Runs until WebRTC is given up (then the route is the socket and the PCM start was sent), or
 * is cancelled with the recording. Returns the state it ended in.
 */
export function* webrtcTransport(
  deps: AppDeps,
  track: MediaStreamTrack,
  route: AudioRoute,
  metadata: RecordingStartMetadata,
) {
  let state: NegotiationState = 'awaiting-offer';
  /** Whether the peer connection carried audio: if it then fails, some may not have arrived. */
  let carried = false;
  let peer: AudioPeer | undefined;
  let events: EventChannel<PeerEvent> | undefined;
  const never = new Promise<never>(() => {});
  const closePeer = () => {
    events?.close();
    events = undefined;
    peer?.close();
    peer = undefined;
    route.peer = undefined;
  };
  yield* put(audioActions.transportChanged(route.transport));
  try {
    while (true) {
      const timeout = timeoutFor(state);
      const result = yield* race({
        signal: take(isSignal),
        peer: events ? take(events) : call(() => never),
        timeout: timeout !== undefined ? delay(timeout, true) : call(() => never),
      });
      let event: NegotiationEvent | undefined;
      if (result.signal) {
        const message = (result.signal as ReturnType<typeof socketActions.messageReceived>).payload as Signal;
        if (message.type === 'error') {
          // Once connected, an error about something else is not WebRTC's business.
          if (state === 'awaiting-offer' || state === 'connecting') {
            deps.logger.log('warn', TAG, `the server refused WebRTC audio: ${message.error.message}`);
            event = { kind: 'refused' };
          }
        } else if (message.offer && state === 'awaiting-offer') {
          try {
            const iceServers = yield* call(fetchIceServers, deps);
            peer = deps.webrtc!(iceServers);
            events = peerChannel(peer);
            route.peer = peer;
            const { answer, mid } = yield* call([peer, peer.answer], message.offer, track);
            deps.link.send({ type: 'webrtc', answer });
            deps.link.send({
              type: 'webrtc-track-metadata',
              trackId: track.id,
              ...(mid ? { mid } : {}),
              kind: 'microphone',
            });
            event = { kind: 'offer' };
          } catch (error) {
            deps.logger.log('warn', TAG, 'could not answer the WebRTC offer', error);
            event = { kind: 'error' };
          }
        } else if (message.iceCandidate && peer) {
          try {
            yield* call([peer, peer.addCandidate], message.iceCandidate);
          } catch (error) {
            deps.logger.log('warn', TAG, 'a candidate of the server was refused', error);
          }
        }
      } else if (result.peer) {
        const happened = result.peer as PeerEvent;
        if (happened.kind === 'candidate')
          deps.link.send({ type: 'webrtc', iceCandidate: happened.candidate });
        else event = { kind: 'peer', state: happened.state };
      } else if (result.timeout) {
        event = { kind: 'timeout' };
      }
      if (!event) continue;

      const step = negotiationStep(state, event);
      if (step.state !== state) deps.logger.log('info', TAG, `${state} → ${step.state}`);
      state = step.state;
      if (step.close || step.transport === 'socket') closePeer();
      if (step.transport === 'webrtc' && route.transport !== 'webrtc') {
        // What was said while connecting never went through the track: it goes as PCM frames
        // now (the server takes frames in a WebRTC recording too), ahead of the first Opus
        // chunk, which needs 60 ms of packets; from now on WebRTC carries everything.
        for (const chunk of route.held.splice(0)) deps.link.sendBinary(int16ToLittleEndianBytes(chunk));
      }
      if (step.transport === 'webrtc') carried = true;
      if (step.transport === 'socket') {
        // Audio sent over a connection that was failing never arrived: the room marks what it
        // lacks up to where the held audio begins (server clock), as after a dropped socket.
        const offset = (yield* select((s: RootState) => s.socket.clockOffsetMs)) ?? 0;
        const heldFromMs = deps.now() + offset - route.held.length * CHUNK_LENGTH_MS;
        fallBack(deps, route, metadata, carried ? heldFromMs : undefined);
        yield* put(audioActions.transportChanged('socket'));
        return state;
      }
      if (step.transport !== route.transport) {
        route.transport = step.transport;
        yield* put(audioActions.transportChanged(step.transport));
      }
    }
  } finally {
    if (yield* cancelled()) closePeer();
  }
}

/**
 * The same recording, on the socket from now on: a PCM start, then what was held. A gap the
 * recording's own start reported is not reported again; `lostUntilMs` (WebRTC carried audio,
 * then failed) is where the audio the server may lack ends.
 */
function fallBack(
  deps: AppDeps,
  route: AudioRoute,
  metadata: RecordingStartMetadata,
  lostUntilMs: number | undefined,
): void {
  deps.logger.log('warn', TAG, 'WebRTC audio is not available: sending audio on the socket');
  const { resumedFromMs: _reported, ...rest } = metadata;
  deps.link.send({
    type: 'audio',
    action: 'start',
    metadata: {
      ...rest,
      format: 'pcm_s16le',
      ...(lostUntilMs !== undefined ? { resumedFromMs: Math.max(0, Math.round(lostUntilMs)) } : {}),
    },
  });
  for (const chunk of route.held.splice(0)) deps.link.sendBinary(int16ToLittleEndianBytes(chunk));
  route.transport = 'socket';
}
