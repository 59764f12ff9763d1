/**
 * WebRTC audio for one recording: after `audio` start with format `webrtc`, answers the
 * server's offer with the microphone's track (TURN credentials fetched first), relays ICE
 * candidates both ways, and follows the negotiation machine (webrtc-negotiation.ts). Every chunk
 * of the recording is kept in its capture (held-audio.ts, the same bounded buffer as on the
 * socket): while WebRTC is tried or its connection is down, kept unsent; once connected, sent by
 * the peer connection and kept until a PONG to a ping sent WEBRTC_LOSS_NOTICE_MS later.
 *
 * When WebRTC gives up before it carried anything (refused, no offer or no connection in time),
 * the same recording goes on as PCM frames on the socket: a new `audio` start with format
 * pcm_s16le, then the unsent chunks, then the live ones. When a connection that carried audio
 * fails, nothing is sent here: the route holds, and the recording (sagas.ts) sends the capture's
 * unconfirmed audio as held audio (catch-up.ts), captioned late at its true place, before its live
 * audio on the socket. The room decodes once what the peer connection had delivered: the WebRTC
 * start says where its audio sits in the capture too (rooms/catch-up.ts CaptureLedger).
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
  WEBRTC_LOSS_NOTICE_MS,
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
  negotiationStep,
  timeoutFor,
} from './webrtc-negotiation';

const TAG = 'webrtc';

/** Where the recording's chunks go now; shared by the pump (recordOnce) and this saga. */
export interface AudioRoute {
  transport: Transport;
  peer?: AudioPeer;
  /** The microphone track named to the server (webrtc-track-metadata), and the mute it was last told. */
  track?: { id: string; mutedSent: boolean };
  /**
   * The connection is down, or held audio is being sent (catch-up.ts): chunks are only kept in
   * `capture`, to be sent as held audio.
   */
  holding?: boolean;
  /** The capture's audio the server may not have (held-audio.ts): kept until a PONG, or sent as held audio. */
  capture: HeldAudio;
}

/** What the pump does with one chunk (already silenced while muted). */
export function routeChunk(
  deps: AppDeps,
  route: AudioRoute | undefined,
  samples: Int16Array,
  muted: boolean,
): void {
  const now = deps.now();
  const capturedAtMs = now - CHUNK_LENGTH_MS;
  if (!route) deps.link.sendBinary(int16ToLittleEndianBytes(samples));
  else if (route.holding || route.transport === 'pending') route.capture.add(samples, capturedAtMs);
  else if (route.transport === 'socket') {
    deps.link.sendBinary(int16ToLittleEndianBytes(samples));
    route.capture.add(samples, capturedAtMs, now);
  } else {
    // Carried by the peer connection, which may be failing unseen: counted as sent only
    // WEBRTC_LOSS_NOTICE_MS from now, so only a PONG to a later ping lets it go.
    route.capture.add(samples, capturedAtMs, now + WEBRTC_LOSS_NOTICE_MS);
    route.peer?.setMuted(muted);
    // The spec's track mute state: the server is told when it changes, not with every chunk.
    if (route.peer && route.track && route.track.mutedSent !== muted) {
      route.track.mutedSent = muted;
      deps.link.send({ type: 'webrtc-track-mute', trackId: route.track.id, muted });
    }
  }
}

/** The chunks never sent, sent now as frames of the recording (where they belong in it). */
function sendUnsent(deps: AppDeps, capture: HeldAudio): void {
  for (const chunk of capture.sendUnsent(deps.now()))
    deps.link.sendBinary(int16ToLittleEndianBytes(chunk.samples));
}

/** How a WebRTC attempt ended: on the socket already, or holding its audio for the recording to send late. */
export type WebRtcOutcome = { state: NegotiationState; holding: boolean };

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
            route.track = { id: track.id, mutedSent: false };
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
        sendUnsent(deps, route.capture);
      }
      if (step.transport === 'webrtc') carried = true;
      if (step.transport === 'socket' && carried) {
        // Audio sent into a failing connection may never have arrived, and what was said since
        // it went down was never sent: the recording sends it all as held audio (captioned late).
        route.capture.lost();
        route.holding = true;
        route.transport = 'socket';
        yield* put(audioActions.transportChanged('socket'));
        return { state, holding: true } satisfies WebRtcOutcome;
      }
      if (step.transport === 'socket') {
        yield* call(fallBack, deps, route, metadata);
        yield* put(audioActions.transportChanged('socket'));
        return { state, holding: false } satisfies WebRtcOutcome;
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
 * The same recording, on the socket from now on (WebRTC carried nothing): a PCM start saying
 * where its frames begin in the capture, then what was held unsent. A gap the recording's own
 * start reported is not reported again.
 */
function* fallBack(deps: AppDeps, route: AudioRoute, metadata: RecordingStartMetadata) {
  deps.logger.log('warn', TAG, 'WebRTC audio is not available: sending audio on the socket');
  const { resumedFromMs: _reported, capture, ...rest } = metadata;
  const first = route.capture.firstUnsent;
  const offset = (yield* select((s: RootState) => s.socket.clockOffsetMs)) ?? 0;
  deps.link.send({
    type: 'audio',
    action: 'start',
    metadata: {
      ...rest,
      format: 'pcm_s16le',
      ...(capture
        ? {
            capture: first
              ? {
                  id: capture.id,
                  offsetSamples: first.offset,
                  atMs: Math.max(0, Math.round(first.capturedAtMs + offset)),
                }
              : {
                  ...capture,
                  offsetSamples: route.capture.end,
                  atMs: Math.max(0, Math.round(deps.now() + offset)),
                },
          }
        : {}),
    },
  });
  sendUnsent(deps, route.capture);
  route.transport = 'socket';
}
