/**
 * The WebRTC side of one socket: at most one peer connection, made when the member starts
 * recording with format `webrtc` and closed when they stop, switch to PCM frames, or leave.
 * Its audio reaches the room through `deliver`, the same checks and the same stream as the
 * socket's PCM frames. Signalling errors are returned as text for the socket to send.
 */
import type { ClientMessageOf, ServerMessage } from '../../shared/protocol';
import { type WebRtcConfig, AudioPeerSession, type PeerState } from '../webrtc';

/** How long a candidate may hold up the socket's other messages before it is taken on the side. */
const CANDIDATE_WAIT_MS = 200;

export interface WebRtcAudioDeps {
  config: WebRtcConfig | undefined;
  send(message: ServerMessage): void;
  /** One 60 ms chunk of the microphone, as if it had come as a PCM frame. */
  deliver(samples: Int16Array): void;
  log(level: 'info' | 'warn' | 'error', message: string, extra?: object): void;
}

export class WebRtcAudio {
  private session: AudioPeerSession | undefined;
  /** Bumped by each start and stop, so a slow start that was overtaken closes what it made. */
  private generation = 0;

  constructor(private readonly deps: WebRtcAudioDeps) {}

  get enabled(): boolean {
    return this.deps.config?.enabled === true;
  }

  /** Makes a new peer connection (closing any other) and sends its offer. */
  async start(): Promise<void> {
    const config = this.deps.config;
    if (!config?.enabled) throw new Error('WebRTC audio is off on this server');
    await this.stop();
    const generation = ++this.generation;
    const session = await AudioPeerSession.open(config, {
      onChunk: (samples) => this.deps.deliver(samples),
      onCandidate: (iceCandidate) => {
        if (this.session === session) this.deps.send({ type: 'webrtc', iceCandidate });
      },
      onState: (state) => this.changed(session, state),
    });
    if (generation !== this.generation) {
      await session.close();
      return;
    }
    this.session = session;
    this.deps.send({ type: 'webrtc', offer: session.offer });
  }

  /** The client's answer or candidate; the text of an error to send back, if any. */
  async signal(message: ClientMessageOf<'webrtc'>): Promise<string | undefined> {
    const session = this.session;
    if (!session) return 'webrtc: no WebRTC audio is being set up; start audio with format webrtc first';
    if (!message.answer && !message.iceCandidate) {
      return 'webrtc: an answer or an iceCandidate is required (the offer is the server’s)';
    }
    try {
      if (message.answer) await session.accept(message.answer);
      if (message.iceCandidate) return await this.candidate(session, message.iceCandidate);
    } catch (error) {
      return `webrtc: ${(error as Error).message}`;
    }
    return undefined;
  }

  /**
   * werift resolves a browser's mDNS candidate (`<uuid>.local`, how Chromium hides its local
   * addresses) before taking it, waiting up to 10 s for an answer that may never come. The
   * socket handles its messages one after the other, pings too, so waiting here made the
   * client miss its PONG and drop a healthy socket every few seconds (seen in Chromium, where
   * the connection already ran on another candidate). A candidate not taken at once goes on
   * being resolved on the side; a refusal then is only logged.
   */
  private async candidate(
    session: AudioPeerSession,
    candidate: NonNullable<ClientMessageOf<'webrtc'>['iceCandidate']>,
  ): Promise<string | undefined> {
    const taking = session.addCandidate(candidate).then(
      () => undefined,
      (error: unknown) => `webrtc: ${(error as Error).message}`,
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const aside = new Promise<'aside'>((resolve) => {
      timer = setTimeout(() => resolve('aside'), CANDIDATE_WAIT_MS);
    });
    const outcome = await Promise.race([taking, aside]);
    clearTimeout(timer);
    if (outcome !== 'aside') return outcome;
    void taking.then((problem) => {
      if (problem) this.deps.log('warn', 'a WebRTC candidate was refused', { problem });
    });
    return undefined;
  }

  describeTrack(metadata: ClientMessageOf<'webrtc-track-metadata'>): string | undefined {
    if (!this.session) return 'webrtc-track-metadata: no WebRTC audio is being set up';
    const { type: _type, ...track } = metadata;
    this.session.track = track;
    return undefined;
  }

  /** Whether `webrtc-track-mute` names the track of this socket's WebRTC recording: its problem if not. */
  trackMute(message: ClientMessageOf<'webrtc-track-mute'>): string | undefined {
    if (!this.session) return 'webrtc-track-mute: no WebRTC audio is being recorded';
    if (this.session.track?.trackId !== message.trackId)
      return 'webrtc-track-mute.trackId: not the track named by webrtc-track-metadata';
    return undefined;
  }

  async stop(): Promise<void> {
    this.generation += 1;
    const session = this.session;
    this.session = undefined;
    if (!session) return;
    const stats = session.stats;
    await session.close();
    if (stats.packets > 0) this.deps.log('info', 'WebRTC audio ended', stats);
  }

  private changed(session: AudioPeerSession, state: PeerState): void {
    if (state === 'failed') this.deps.log('warn', 'WebRTC audio connection failed', session.stats);
    // Closed resets it (the spec): the next start makes a new one.
    if ((state === 'failed' || state === 'closed') && this.session === session) this.session = undefined;
  }
}
