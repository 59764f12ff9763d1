/**
 * A WebRTC microphone in Node, for tests and benchmarks: it does what a browser does with the
 * server's offer (a werift peer answering with an Opus track, ICE candidates over the socket),
 * then sends 16 kHz speech as Opus packets of 20 ms, encoded by libopus (`@evan/opus`) with
 * in-band FEC as a browser's encoder is when the offer asks for it. `lossRate` drops packets
 * at random before they leave (their sequence numbers are used all the same, as on a network
 * that loses them), to measure what the receiver's concealment and FEC recover.
 */
import { Encoder } from '@evan/opus';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket } from 'werift';
import { SAMPLE_RATE_HZ } from '../../src/shared/constants';
import type { ServerMessage } from '../../src/shared/protocol';
import {
  type IceServerInit,
  OPUS_CLOCK_RATE_HZ,
  candidateAddress,
  toIceCandidateInit,
} from '../../src/shared/webrtc';
import type { CaptionClient } from './socket-client';

/** 20 ms at the engines' rate: what a browser puts in one Opus packet. */
const PACKET_SAMPLES = SAMPLE_RATE_HZ / 50;
const RTP_TIMESTAMP_STEP = OPUS_CLOCK_RATE_HZ / 50;
/** Bytes a packet costs on the wire besides its Opus payload: RTP 12, SRTP tag 10, UDP 8, IPv4 20. */
export const RTP_PACKET_OVERHEAD_BYTES = 50;

export interface WebRtcSenderOptions {
  iceServers?: IceServerInit[];
  /** 'relay': only through a TURN server (proves the TURN credentials work). */
  iceTransportPolicy?: 'all' | 'relay';
  /** Bind to this one IPv4 address (tests keep traffic on the loopback). */
  interfaceAddress?: string;
  /** Share of packets dropped at random before sending (0..1). */
  lossRate?: number;
  /** A seeded random source for the losses, so runs compare; Math.random by default. */
  random?: () => number;
  /** Encoder bitrate, bits per second; a browser's Opus voice default is about 32 kbps. */
  bitrate?: number;
  lang?: string;
}

/** A tiny seeded generator (mulberry32), so a benchmark loses the same packets on every run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export class WebRtcSender {
  /** Opus payload bytes and packets sent (dropped ones not counted). */
  readonly sent = { packets: 0, payloadBytes: 0, dropped: 0 };
  private pc: RTCPeerConnection | undefined;
  private track: MediaStreamTrack | undefined;
  private encoder: Encoder;
  private pending = new Int16Array(0);
  private sequence = Math.floor(Math.random() * 0xffff);
  private timestamp = Math.floor(Math.random() * 0xffffffff);
  private readonly random: () => number;

  constructor(
    private readonly client: CaptionClient,
    private readonly options: WebRtcSenderOptions = {},
  ) {
    this.random = options.random ?? Math.random;
    this.encoder = this.newEncoder();
  }

  private newEncoder(): Encoder {
    const encoder = new Encoder({ channels: 1, sample_rate: SAMPLE_RATE_HZ, application: 'voip' });
    encoder.bitrate = this.options.bitrate ?? 32_000;
    encoder.inband_fec = true;
    // libopus adds FEC only when told to expect loss; a browser learns it from RTCP reports.
    encoder.packet_loss = Math.round((this.options.lossRate ?? 0) * 100);
    return encoder;
  }

  /**
   * Asks to record over WebRTC and makes the peer connection. Resolves once connected; rejects
   * with the server's refusal, or when the connection fails or takes longer than `timeoutMs`.
   */
  async start(timeoutMs = 10_000): Promise<void> {
    const client = this.client;
    const mark = client.received.length;
    this.encoder = this.newEncoder();
    this.pending = new Int16Array(0);
    client.send({
      type: 'audio',
      action: 'start',
      metadata: {
        lang: this.options.lang ?? 'en-US',
        format: 'webrtc',
        sampleRateHz: SAMPLE_RATE_HZ,
        recordingMode: 'cli',
        chunkLengthMs: 60,
        recordingStart: Date.now(),
      },
    });
    const first = await client.waitFor(
      (m) =>
        (m.type === 'webrtc' && m.offer !== undefined) || (m.type === 'error' && m.inReplyTo === 'audio'),
      timeoutMs,
      mark,
    );
    if (first.type === 'error')
      throw new Error(`WebRTC refused: ${first.error.code}: ${first.error.message}`);
    const offer = (first as Extract<ServerMessage, { type: 'webrtc' }>).offer!;

    const pc = new RTCPeerConnection({
      iceServers: this.options.iceServers ?? [],
      iceTransportPolicy: this.options.iceTransportPolicy ?? 'all',
      iceUseIpv6: !this.options.interfaceAddress,
      ...(this.options.interfaceAddress
        ? {
            iceInterfaceAddresses: { udp4: this.options.interfaceAddress },
            iceAdditionalHostAddresses: [this.options.interfaceAddress],
          }
        : {}),
    });
    this.pc = pc;
    const address = this.options.interfaceAddress;
    pc.onIceCandidate.subscribe((candidate) => {
      if (!candidate?.candidate) return;
      // Bound to one address, werift still names the others: those are not sent.
      if (
        address &&
        candidateAddress(candidate.candidate) !== address &&
        !/ typ relay /.test(candidate.candidate)
      )
        return;
      client.send({ type: 'webrtc', iceCandidate: toIceCandidateInit(candidate.toJSON()) });
    });
    const off = client.onMessage((r) => {
      if (r.message.type === 'webrtc' && r.message.iceCandidate)
        void pc.addIceCandidate(r.message.iceCandidate);
    });
    const connected = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('WebRTC: not connected in time')), timeoutMs);
      pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected') {
          clearTimeout(timer);
          resolve();
        } else if (state === 'failed' || state === 'closed') {
          clearTimeout(timer);
          reject(new Error(`WebRTC: connection ${state}`));
        }
      });
    });
    // Awaited below; marked handled here in case answering fails first.
    connected.catch(() => {});
    try {
      await pc.setRemoteDescription(offer);
      const transceiver = pc.getTransceivers()[0];
      if (!transceiver) throw new Error('the offer has no audio line');
      transceiver.setDirection('sendonly');
      const track = new MediaStreamTrack({ kind: 'audio' });
      await transceiver.sender.replaceTrack(track);
      this.track = track;
      await pc.setLocalDescription(await pc.createAnswer());
      client.send({ type: 'webrtc', answer: { type: 'answer', sdp: pc.localDescription!.sdp } });
      client.send({
        type: 'webrtc-track-metadata',
        trackId: track.id ?? track.uuid,
        ...(transceiver.mid ? { mid: transceiver.mid } : {}),
        kind: 'microphone',
      });
      await connected;
    } catch (error) {
      off();
      await this.close();
      throw error;
    } finally {
      off();
    }
  }

  /** 16 kHz speech (any length): sent as whole 20 ms packets; the rest waits for more. */
  sendAudio(samples: Int16Array): void {
    const track = this.track;
    if (!track) throw new Error('WebRTC: not started');
    const all = new Int16Array(this.pending.length + samples.length);
    all.set(this.pending);
    all.set(samples, this.pending.length);
    let at = 0;
    for (; at + PACKET_SAMPLES <= all.length; at += PACKET_SAMPLES) {
      const payload = Buffer.from(this.encoder.encode(all.subarray(at, at + PACKET_SAMPLES)));
      const header = new RtpHeader({
        sequenceNumber: this.sequence,
        timestamp: this.timestamp,
        payloadType: 111,
        marker: false,
      });
      this.sequence = (this.sequence + 1) & 0xffff;
      this.timestamp = (this.timestamp + RTP_TIMESTAMP_STEP) >>> 0;
      if (this.options.lossRate && this.random() < this.options.lossRate) {
        this.sent.dropped += 1;
        continue;
      }
      this.sent.packets += 1;
      this.sent.payloadBytes += payload.length;
      track.writeRtp(new RtpPacket(header, payload));
    }
    this.pending = all.slice(at);
  }

  /** Stops the recording: a moment for packets in flight (UDP), then `audio` stop, then closes. */
  async stop(): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 150));
    this.client.stopAudio();
    await this.close();
  }

  async close(): Promise<void> {
    const pc = this.pc;
    this.pc = undefined;
    this.track = undefined;
    await pc?.close();
  }
}
