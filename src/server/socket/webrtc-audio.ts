/**
 * The WebRTC side of one socket: at most one peer connection, made when the member starts
 * recording with format `webrtc` and closed when they stop, switch to PCM frames, or leave.
 * Its audio reaches the room through `deliver`, the same checks and the same stream as the
 * socket's PCM frames. Signalling errors are returned as text for the socket to send.
 */
import type { ClientMessageOf, ServerMessage } from '../../shared/protocol';
import type { WebRtcConfig } from '../webrtc/config';
import { AudioPeerSession, type PeerState } from '../webrtc/peer-session';

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
      if (message.iceCandidate) await session.addCandidate(message.iceCandidate);
    } catch (error) {
      return `webrtc: ${(error as Error).message}`;
    }
    return undefined;
  }

  describeTrack(metadata: ClientMessageOf<'webrtc-track-metadata'>): string | undefined {
    if (!this.session) return 'webrtc-track-metadata: no WebRTC audio is being set up';
    const { type: _type, ...track } = metadata;
    this.session.track = track;
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
