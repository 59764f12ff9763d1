/**
 * One speaker's WebRTC audio, terminated here in Node with werift (pure TypeScript: no native
 * build, nothing to download; docs/webrtc.md). The server offers one receive-only Opus line;
 * the client's answer brings its microphone; the Opus packets become the engines' 60 ms chunks
 * (opus-receiver.ts). The spec's rules: a failed connection is closed; a closed one is over
 * (the owner forgets it); the owner hears of both through `onState`.
 */
import { RTCPeerConnection, RTCRtpCodecParameters } from 'werift';
import {
  type IceCandidateInit,
  OPUS_CLOCK_RATE_HZ,
  OPUS_FMTP,
  type SessionDescriptionInit,
  candidateAddress,
  keepCandidatesOn,
  toIceCandidateInit,
} from '../../shared/webrtc';
import type { WebRtcConfig } from './config';
import { OpusRtpReceiver, type ReceiverStats } from './opus-receiver';

export type PeerState = 'new' | 'connecting' | 'connected' | 'disconnected' | 'failed' | 'closed';

export interface AudioPeerHandlers {
  /** 60 ms of 16 kHz audio from the microphone. */
  onChunk(samples: Int16Array): void;
  /** A candidate found after the offer was made (most are in the offer itself). */
  onCandidate(candidate: IceCandidateInit): void;
  onState(state: PeerState): void;
}

export interface TrackMetadata {
  trackId: string;
  mid?: string;
  kind: 'microphone';
}

export class AudioPeerSession {
  private closed = false;
  private readonly receiver: OpusRtpReceiver;
  track: TrackMetadata | undefined;

  private constructor(
    private readonly pc: RTCPeerConnection,
    readonly offer: SessionDescriptionInit<'offer'>,
    receiver: OpusRtpReceiver,
  ) {
    this.receiver = receiver;
  }

  /** Makes the peer connection and its offer (with the candidates gathered). */
  static async open(config: WebRtcConfig, handlers: AudioPeerHandlers): Promise<AudioPeerSession> {
    // Bound to one address, werift still names every interface's: that one is announced, and
    // only the announced ones are offered.
    const announced = [
      ...(config.interfaceAddress ? [config.interfaceAddress] : []),
      ...config.additionalHostAddresses,
    ];
    const offered = (address: string | undefined) =>
      !config.interfaceAddress || announced.includes(address ?? '');
    const pc = new RTCPeerConnection({
      codecs: {
        audio: [
          new RTCRtpCodecParameters({
            mimeType: 'audio/opus',
            clockRate: OPUS_CLOCK_RATE_HZ,
            channels: 2,
            parameters: OPUS_FMTP,
          }),
        ],
        video: [],
      },
      iceUseIpv6: config.useIpv6,
      ...(config.interfaceAddress ? { iceInterfaceAddresses: { udp4: config.interfaceAddress } } : {}),
      ...(announced.length > 0 ? { iceAdditionalHostAddresses: announced } : {}),
      ...(config.portRange ? { icePortRange: config.portRange } : {}),
    });
    const receiver = new OpusRtpReceiver((samples) => handlers.onChunk(samples));
    // Set once the offer is made; the handlers above it run only after that.
    const made: { session?: AudioPeerSession } = {};
    const transceiver = pc.addTransceiver('audio', { direction: 'recvonly' });
    transceiver.onTrack.subscribe((track) => {
      track.onReceiveRtp.subscribe((rtp) => {
        if (made.session?.closed) return;
        receiver.push(rtp.header.sequenceNumber, rtp.payload);
      });
    });
    pc.connectionStateChange.subscribe((state) => {
      handlers.onState(state);
      // Failed closes it (the spec): its ports and timers are freed at once.
      if (state === 'failed') void made.session?.close();
    });
    pc.onIceCandidate.subscribe((candidate) => {
      if (!candidate?.candidate || !made.session || !offered(candidateAddress(candidate.candidate))) return;
      handlers.onCandidate(toIceCandidateInit(candidate.toJSON()));
    });
    try {
      await pc.setLocalDescription(await pc.createOffer());
    } catch (error) {
      receiver.close();
      await pc.close();
      throw error;
    }
    const local = pc.localDescription;
    if (!local) throw new Error('werift made no offer');
    const sdp = config.interfaceAddress ? keepCandidatesOn(local.sdp, announced) : local.sdp;
    made.session = new AudioPeerSession(pc, { type: 'offer', sdp }, receiver);
    return made.session;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  get stats(): ReceiverStats {
    return { ...this.receiver.stats };
  }

  async accept(answer: SessionDescriptionInit<'answer'>): Promise<void> {
    if (this.closed) throw new Error('the peer connection is closed');
    if (this.pc.remoteDescription) throw new Error('the offer was already answered');
    // werift takes any text for an SDP without a word: an answer must at least be one, with audio.
    if (!/^v=0\r?\n/.test(answer.sdp) || !/\nm=audio /.test(answer.sdp)) {
      throw new Error('answer.sdp: not an SDP answer with an audio line');
    }
    await this.pc.setRemoteDescription(answer);
  }

  async addCandidate(candidate: IceCandidateInit): Promise<void> {
    if (this.closed) return;
    // An end-of-candidates marker (empty candidate) needs nothing of werift.
    if (!candidate.candidate) return;
    await this.pc.addIceCandidate(candidate);
  }

  /** Closes the connection; the audio already received is flushed to the owner first. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.receiver.flush();
    this.receiver.close();
    await this.pc.close();
  }
}
