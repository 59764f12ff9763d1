/**
 * Turns the Opus RTP packets of one microphone into the engines' audio: 60 ms chunks of 16 kHz
 * Int16, the very chunks the socket path carries, so WebRTC audio takes the same way to the
 * recogniser. Lost packets are made up for (loss-plan.ts): each but the last concealed, the last
 * rebuilt from the forward error correction of the packet after it.
 */
import { Chunker } from '../../shared/audio';
import { CHUNK_SAMPLES, SAMPLE_RATE_HZ } from '../../shared/constants';
import { OpusStreamDecoder } from './opus-decoder';
import { planPacket } from './loss-plan';

export interface ReceiverStats {
  packets: number;
  bytes: number;
  /** Packets that never came (concealed or recovered). */
  lost: number;
  /** Of those, rebuilt from the next packet's redundancy rather than guessed. */
  recovered: number;
  /** Duplicates and packets that came after their turn. */
  dropped: number;
  /** Packets libopus refused as corrupt (their audio is concealed). */
  corrupt: number;
}

export class OpusRtpReceiver {
  private readonly decoder = new OpusStreamDecoder(SAMPLE_RATE_HZ, 1);
  private readonly chunker: Chunker;
  private expected: number | undefined;
  readonly stats: ReceiverStats = { packets: 0, bytes: 0, lost: 0, recovered: 0, dropped: 0, corrupt: 0 };

  constructor(
    private readonly onChunk: (samples: Int16Array) => void,
    chunkSamples = CHUNK_SAMPLES,
  ) {
    this.chunker = new Chunker(chunkSamples);
  }

  /** One RTP packet: its sequence number and Opus payload. */
  push(sequenceNumber: number, payload: Uint8Array): void {
    const plan = planPacket(this.expected, sequenceNumber);
    if (plan.kind === 'drop') {
      this.stats.dropped += 1;
      return;
    }
    this.expected = (sequenceNumber + 1) & 0xffff;
    this.stats.packets += 1;
    this.stats.bytes += payload.length;
    this.stats.lost += plan.lost;
    for (let i = 0; i < plan.lost - 1; i++) this.emit(this.decoder.conceal());
    if (plan.lost > 0) {
      this.emit(this.decoder.recover(payload));
      this.stats.recovered += 1;
    }
    // An empty payload (DTX comfort noise placeholder) is a packet with no audio.
    if (payload.length === 0) return;
    try {
      this.emit(this.decoder.decode(payload));
    } catch {
      this.stats.corrupt += 1;
      this.emit(this.decoder.conceal());
    }
  }

  /** The partial chunk left, padded with silence (the stream is ending). */
  flush(): void {
    const rest = this.chunker.flush();
    if (rest) this.onChunk(rest);
  }

  close(): void {
    this.decoder.close();
  }

  private emit(samples: Int16Array): void {
    for (const chunk of this.chunker.push(samples)) this.onChunk(chunk);
  }
}
