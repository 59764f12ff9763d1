import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { littleEndianBytesToInt16 } from '../../../../../src/shared/audio';
import { API } from '../../../../../src/shared/api';
import { CHUNK_LENGTH_MS, CHUNK_SAMPLES } from '../../../../../src/shared/constants';
import type { IceCandidateInit, IceServerInit } from '../../../../../src/shared/webrtc';
import {
  WEBRTC_CONNECT_TIMEOUT_MS,
  WEBRTC_LOSS_NOTICE_MS,
  WEBRTC_OFFER_TIMEOUT_MS,
} from '../../../../../src/shared/webrtc';
import type { AudioPeer, PeerEvent } from '../../../../../src/renderer/features/audio/peer-connection';
import { audioSaga } from '../../../../../src/renderer/features/audio/sagas';
import { WEBRTC_DISCONNECTED_GRACE_MS } from '../../../../../src/renderer/features/audio/webrtc-negotiation';
import { audioActions } from '../../../../../src/renderer/features/audio/slice';
import { conversationActions } from '../../../../../src/renderer/features/conversation/slice';
import { remoteConfigActions } from '../../../../../src/renderer/features/remote-config/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import {
  FakeCaptureSession,
  FakeSocket,
  type Fakes,
  type Running,
  makeFakes,
  run,
} from '../../../../helpers/saga-harness';

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

class FakePeer implements AudioPeer {
  closed = false;
  muted = false;
  readonly candidates: IceCandidateInit[] = [];
  answered: { sdp: string; track: MediaStreamTrack } | undefined;
  private listener: ((event: PeerEvent) => void) | undefined;
  constructor(readonly iceServers: IceServerInit[]) {}
  async answer(offer: { sdp: string }, track: MediaStreamTrack) {
    this.answered = { sdp: offer.sdp, track };
    return { answer: { type: 'answer' as const, sdp: 'v=0 answer' }, mid: '0' };
  }
  async addCandidate(candidate: IceCandidateInit) {
    this.candidates.push(candidate);
  }
  subscribe(listener: (event: PeerEvent) => void) {
    this.listener = listener;
    return () => (this.listener = undefined);
  }
  setMuted(muted: boolean) {
    this.muted = muted;
  }
  close() {
    this.closed = true;
  }
  emit(event: PeerEvent) {
    this.listener?.(event);
  }
}

/** A capture session with a microphone track, as the browser's has. */
class TrackSession extends FakeCaptureSession {
  readonly track = { id: 'mic-track-1', kind: 'audio' } as unknown as MediaStreamTrack;
}

const chunk = (value: number) => new Int16Array(CHUNK_SAMPLES).fill(value);
const firstSample = (bytes: Uint8Array) => littleEndianBytesToInt16(bytes)![0];

describe('WebRTC audio in the recording saga', () => {
  let fakes: Fakes;
  let app: Running;
  let socket: FakeSocket;
  let peers: FakePeer[];
  let session: TrackSession;

  beforeEach(async () => {
    vi.useFakeTimers();
    fakes = makeFakes();
    peers = [];
    fakes.deps.webrtc = (iceServers) => {
      const peer = new FakePeer(iceServers);
      peers.push(peer);
      return peer;
    };
    fakes.http.on('GET', API.turnCredentials, {
      ok: true,
      status: 200,
      data: {
        ok: true,
        ttlSeconds: 3600,
        turnCredentials: [{ urls: ['turn:127.0.0.1:3478'], username: '1:u', credential: 'c' }],
      },
    });
    socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    app = run(audioSaga, [fakes.deps]);
    app.dispatch(remoteConfigActions.loaded({ flags: { web_use_webrtc: true }, atMs: 0 }));
    app.dispatch(conversationActions.entered({ roomId: 'host1_room', readonly: false }));
    app.dispatch(socketActions.statusEvent('connect'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick();
    app.dispatch(audioActions.toggleRequested());
    await tick();
    session = new TrackSession();
    fakes.audio.lastStart.resolve(session);
    await tick();
  });

  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  const receive = async (message: Parameters<typeof socketActions.messageReceived>[0]) => {
    app.dispatch(socketActions.messageReceived(message));
    await tick();
  };
  const starts = () => socket.sentOfType('audio').filter((m) => m.action === 'start');

  it('asks for WebRTC and holds the chunks until it is connected', async () => {
    expect(starts()).toHaveLength(1);
    expect(starts()[0]!.metadata!.format).toBe('webrtc');
    expect(app.state.audio.transport).toBe('pending');
    session.chunk(chunk(1));
    await tick();
    expect(socket.binary).toHaveLength(0);
  });

  it('answers the offer with the microphone track and TURN servers, then WebRTC carries the audio', async () => {
    session.chunk(chunk(1));
    await receive({ type: 'webrtc', offer: { type: 'offer', sdp: 'v=0 offer' } });
    const peer = peers[0]!;
    expect(peer.iceServers).toEqual([{ urls: ['turn:127.0.0.1:3478'], username: '1:u', credential: 'c' }]);
    expect(peer.answered).toEqual({ sdp: 'v=0 offer', track: session.track });
    expect(socket.sentOfType('webrtc')).toEqual([
      { type: 'webrtc', answer: { type: 'answer', sdp: 'v=0 answer' } },
    ]);
    expect(socket.sentOfType('webrtc-track-metadata')).toEqual([
      { type: 'webrtc-track-metadata', trackId: 'mic-track-1', mid: '0', kind: 'microphone' },
    ]);
    // Candidates both ways.
    peer.emit({
      kind: 'candidate',
      candidate: { candidate: 'candidate:1 1 udp 1 10.0.0.1 9 typ host', sdpMid: '0' },
    });
    await receive({
      type: 'webrtc',
      iceCandidate: { candidate: 'candidate:2 1 udp 1 127.0.0.1 9 typ host' },
    });
    expect(socket.sentOfType('webrtc').at(-1)).toMatchObject({ iceCandidate: { sdpMid: '0' } });
    expect(peer.candidates).toHaveLength(1);

    session.chunk(chunk(2));
    await tick();
    peer.emit({ kind: 'state', state: 'connected' });
    await tick();
    expect(app.state.audio.transport).toBe('webrtc');
    // What was said while connecting goes once, as frames; then nothing more on the socket.
    expect(socket.binary.map(firstSample)).toEqual([1, 2]);
    session.chunk(chunk(3));
    await tick();
    expect(socket.binary).toHaveLength(2);
    expect(starts()).toHaveLength(1);
    // While a voiced reply plays, the track sends silence.
    app.dispatch(audioActions.voiceMuted(true));
    session.chunk(chunk(4));
    await tick();
    expect(peer.muted).toBe(true);
    // The server is told the track's mute state once per change, not with every chunk.
    session.chunk(chunk(5));
    await tick();
    app.dispatch(audioActions.voiceMuted(false));
    session.chunk(chunk(6));
    await tick();
    expect(socket.sentOfType('webrtc-track-mute')).toEqual([
      { type: 'webrtc-track-mute', trackId: 'mic-track-1', muted: true },
      { type: 'webrtc-track-mute', trackId: 'mic-track-1', muted: false },
    ]);

    app.dispatch(audioActions.stopRequested());
    await tick();
    expect(peer.closed).toBe(true);
    expect(socket.sentOfType('audio').at(-1)).toEqual({ type: 'audio', action: 'stop' });
  });

  it('falls back to the socket at once when the server refuses WebRTC, with the held audio first', async () => {
    session.chunk(chunk(1));
    session.chunk(chunk(2));
    await receive({
      type: 'error',
      error: { code: 'invalid-message', message: 'WebRTC audio is off on this server' },
      inReplyTo: 'audio',
    });
    expect(starts().map((m) => m.metadata!.format)).toEqual(['webrtc', 'pcm_s16le']);
    // The held chunks are the live recording's first frames: where they sit in the capture.
    expect(starts()[1]!.metadata!.capture).toMatchObject({
      id: starts()[0]!.metadata!.capture!.id,
      offsetSamples: starts()[0]!.metadata!.capture!.offsetSamples,
    });
    expect(starts()[1]!.metadata!.late).toBeUndefined();
    expect(app.state.audio.transport).toBe('socket');
    session.chunk(chunk(3));
    await tick();
    expect(socket.binary.map(firstSample)).toEqual([1, 2, 3]);
    expect(peers).toHaveLength(0);
  });

  it('falls back when no offer comes in time', async () => {
    await tick(WEBRTC_OFFER_TIMEOUT_MS - 10);
    expect(starts()).toHaveLength(1);
    await tick(20);
    expect(starts().map((m) => m.metadata!.format)).toEqual(['webrtc', 'pcm_s16le']);
  });

  it('falls back when ICE never connects, closing the peer connection', async () => {
    await receive({ type: 'webrtc', offer: { type: 'offer', sdp: 'v=0 offer' } });
    await tick(WEBRTC_CONNECT_TIMEOUT_MS + 10);
    expect(peers[0]!.closed).toBe(true);
    expect(starts().map((m) => m.metadata!.format)).toEqual(['webrtc', 'pcm_s16le']);
  });

  it('closes a failed connection and goes on on the socket in the same recording', async () => {
    await receive({ type: 'webrtc', offer: { type: 'offer', sdp: 'v=0 offer' } });
    peers[0]!.emit({ kind: 'state', state: 'connected' });
    await tick();
    peers[0]!.emit({ kind: 'state', state: 'failed' });
    await tick();
    expect(peers[0]!.closed).toBe(true);
    expect(starts().map((m) => m.metadata!.format)).toEqual(['webrtc', 'pcm_s16le']);
    expect(app.state.audio.recording).toBe('RECORDING');
    session.chunk(chunk(7));
    await tick();
    expect(socket.binary.map(firstSample)).toEqual([7]);
  });

  it('after a connection that carried audio fails, what it may have lost and what was said since go first as held audio, then live audio on the socket', async () => {
    await receive({ type: 'webrtc', offer: { type: 'offer', sdp: 'v=0 offer' } });
    peers[0]!.emit({ kind: 'state', state: 'connected' });
    await tick();
    const lostAt = Date.now();
    session.chunk(chunk(1));
    peers[0]!.emit({ kind: 'state', state: 'disconnected' });
    await tick();
    // Held while ICE may find its way back: far more than the old 12 s of a negotiation.
    const heldChunks = Math.ceil(30_000 / CHUNK_LENGTH_MS);
    for (let i = 0; i < heldChunks; i++) session.chunk(chunk(2));
    session.chunk(chunk(3));
    await tick(WEBRTC_DISCONNECTED_GRACE_MS);
    expect(peers[0]!.closed).toBe(true);
    expect(app.state.audio.transport).toBe('socket');
    // Held audio: a late start where chunk 1 (sent into the failing connection) sits in the capture.
    const late = starts()[1]!.metadata!;
    expect(late).toMatchObject({ format: 'pcm_s16le', late: true });
    expect(late.capture).toEqual({
      id: starts()[0]!.metadata!.capture!.id,
      offsetSamples: starts()[0]!.metadata!.capture!.offsetSamples,
      atMs: lostAt - CHUNK_LENGTH_MS,
    });
    // Sent faster than real time; meanwhile what the microphone says is held too.
    await tick(1000);
    session.chunk(chunk(4));
    await tick(20_000);
    expect(starts()).toHaveLength(3);
    const live = starts()[2]!.metadata!;
    expect(live.format).toBe('pcm_s16le');
    expect(live.late).toBeUndefined();
    const sent = socket.binary.flatMap((bytes) => [...littleEndianBytesToInt16(bytes)!]);
    expect(sent).toHaveLength((heldChunks + 3) * CHUNK_SAMPLES);
    expect(sent[0]).toBe(1);
    expect(sent.at(-1)).toBe(4);
    expect(live.capture!.offsetSamples).toBe(starts()[0]!.metadata!.capture!.offsetSamples + sent.length);
    // From now on, the recording is on the socket.
    session.chunk(chunk(5));
    await tick();
    expect(firstSample(socket.binary.at(-1)!)).toBe(5);
    expect(peers).toHaveLength(1);
    expect(app.state.audio.recording).toBe('RECORDING');
  });

  it('keeps what the peer connection carried until a PONG to a ping sent long enough after it for a failure to show', async () => {
    await receive({ type: 'webrtc', offer: { type: 'offer', sdp: 'v=0 offer' } });
    peers[0]!.emit({ kind: 'state', state: 'connected' });
    await tick();
    session.chunk(chunk(1));
    session.chunk(chunk(2));
    await tick(10);
    // The socket answers at once: that says nothing of the peer connection.
    await receive({ type: 'PONG', clientTimeMs: Date.now(), serverTimeMs: Date.now() });
    await tick(WEBRTC_LOSS_NOTICE_MS);
    // Only a ping sent once a failure would have shown lets chunk 1 go (chunk 2 came after it).
    await receive({ type: 'PONG', clientTimeMs: Date.now(), serverTimeMs: Date.now() });
    session.chunk(chunk(3));
    peers[0]!.emit({ kind: 'state', state: 'failed' });
    await tick(5000);
    expect(starts().map((m) => m.metadata!.late === true)).toEqual([false, true, false]);
    expect(socket.binary.map(firstSample)).toEqual([3]);
  });

  it('sends again what the peer connection carried just before it failed, though the socket answered meanwhile', async () => {
    await receive({ type: 'webrtc', offer: { type: 'offer', sdp: 'v=0 offer' } });
    peers[0]!.emit({ kind: 'state', state: 'connected' });
    await tick();
    session.chunk(chunk(1));
    await tick(10);
    await receive({ type: 'PONG', clientTimeMs: Date.now(), serverTimeMs: Date.now() });
    session.chunk(chunk(2));
    peers[0]!.emit({ kind: 'state', state: 'failed' });
    await tick(5000);
    expect(starts().map((m) => m.metadata!.late === true)).toEqual([false, true, false]);
    const sent = socket.binary.flatMap((bytes) => [...littleEndianBytesToInt16(bytes)!]);
    expect(sent.filter((_, i) => i % CHUNK_SAMPLES === 0)).toEqual([1, 2]);
  });

  it('a fallback before WebRTC carried anything reports no loss, nor the recording’s own gap again', async () => {
    app.dispatch(socketActions.statusEvent('lost'));
    await tick();
    app.dispatch(socketActions.statusEvent('retry'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick();
    fakes.audio.lastStart.resolve(new TrackSession());
    await tick();
    // The resumed recording asks for WebRTC and reports the dropped connection's gap, once.
    const resumed = starts().at(-1)!;
    expect(resumed.metadata).toMatchObject({ format: 'webrtc', resumedFromMs: expect.any(Number) });
    await tick(WEBRTC_OFFER_TIMEOUT_MS + 10);
    const fallback = starts().at(-1)!;
    expect(fallback.metadata!.format).toBe('pcm_s16le');
    expect(fallback.metadata!.resumedFromMs).toBeUndefined();
  });

  it('goes on with direct connections only when TURN credentials cannot be had', async () => {
    fakes.http.on('GET', API.turnCredentials, { ok: false, status: 500, message: 'down' });
    await receive({ type: 'webrtc', offer: { type: 'offer', sdp: 'v=0 offer' } });
    expect(peers[0]!.iceServers).toEqual([]);
  });
});

describe('the remote configuration: WebRTC audio on by default, switched off by web_use_webrtc', () => {
  async function firstStart(flags?: { web_use_webrtc: boolean }) {
    vi.useFakeTimers();
    const fakes = makeFakes();
    let made = 0;
    fakes.deps.webrtc = (iceServers) => {
      made += 1;
      return new FakePeer(iceServers);
    };
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    const app = run(audioSaga, [fakes.deps]);
    if (flags) app.dispatch(remoteConfigActions.loaded({ flags, atMs: 0 }));
    app.dispatch(conversationActions.entered({ roomId: 'host1_room', readonly: false }));
    app.dispatch(socketActions.statusEvent('connect'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    await tick();
    app.dispatch(audioActions.toggleRequested());
    await tick();
    const session = new TrackSession();
    fakes.audio.lastStart.resolve(session);
    await tick();
    session.chunk(chunk(5));
    await tick();
    const result = {
      format: socket.sentOfType('audio')[0]!.metadata!.format,
      binary: socket.binary.map(firstSample),
      made,
    };
    app.task.cancel();
    vi.useRealTimers();
    return result;
  }

  it('switched off: sends PCM on the socket from the start, with no peer connection', async () => {
    expect(await firstStart({ web_use_webrtc: false })).toEqual({
      format: 'pcm_s16le',
      binary: [5],
      made: 0,
    });
  });

  it('by default (no flags loaded yet, or none given): asks for WebRTC and holds the audio', async () => {
    expect(await firstStart()).toEqual({ format: 'webrtc', binary: [], made: 0 });
  });
});
