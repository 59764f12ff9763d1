/**
 * Audio into the room, from either transport: binary PCM frames on the socket, or WebRTC samples
 * once decoded. Each is refused as the access table says (audio-frame, webrtc) and held to the
 * flood limits before it reaches the room; recognition too far behind drops it.
 *
 * The flood limits judge the audio against the time the server was there to read it: after the
 * server's own stall, a real-time speaker's queued frames arrive together, and that is no flood
 * (token-bucket.ts, loop-stalls.ts). Audio faster than MAX_AUDIO_SPEED for longer than the burst
 * is still refused, and a connection that keeps on is closed.
 */
import {
  MAX_AUDIO_BYTES_PER_SECOND,
  MAX_AUDIO_FRAME_BYTES,
  MAX_AUDIO_FRAMES_PER_SECOND,
  MAX_AUDIO_SPEED,
} from '../../shared/constants';
import { littleEndianBytesToInt16 } from '../../shared/audio';
import type { SocketErrorCode } from '../../shared/protocol';
import { type Actor, SOCKET_ACCESS, allows } from '../auth';
import type { LiveRoom, RoomMember } from '../rooms';
import { TokenBucket } from '../token-bucket';

export interface AudioIntakeDeps {
  /** The member and their room, once connected. */
  speaker(): { room: Pick<LiveRoom, 'backlogSeconds' | 'audio'>; member: RoomMember } | undefined;
  actorNow(): Actor;
  /** A refused frame: counted towards closing a flooding connection, its error sampled. */
  violation(code: SocketErrorCode, message: string): void;
  fail(code: SocketErrorCode, message: string): void;
  /** Audio of the recording came (its watch: recording-watch.ts), on the socket or by WebRTC. */
  heard(viaWebRtc: boolean): void;
  streamBacklogSeconds: number;
  now(): number;
  /** How long the server has been stalled in all (loop-stalls.ts). */
  stalledMs(): number;
}

export class AudioIntake {
  private readonly frameLimit: TokenBucket;
  private readonly byteLimit: TokenBucket;
  /** Audio frames dropped because recognition is too far behind. */
  private backlogDrops = 0;

  constructor(private readonly deps: AudioIntakeDeps) {
    const limit = (perSecond: number) => new TokenBucket(perSecond, perSecond * 2, deps.now, deps.stalledMs);
    this.frameLimit = limit(MAX_AUDIO_FRAMES_PER_SECOND);
    this.byteLimit = limit(MAX_AUDIO_BYTES_PER_SECOND);
  }

  /** A binary frame of little-endian Int16 PCM. */
  frame(data: Buffer): void {
    const { deps } = this;
    if (!deps.speaker()) {
      deps.violation('not-connected', 'audio frames before connection-params are ignored');
      return;
    }
    const actor = deps.actorNow();
    if (!allows(SOCKET_ACCESS['audio-frame'], actor)) {
      // Frames still on their way when the host ended the room: dropped without a word, since
      // nobody did anything wrong. Anyone else the table refuses is told.
      if (actor === 'ended-member') return;
      deps.violation('forbidden', `audio frames are not allowed for a ${actor} of this conversation`);
      return;
    }
    if (data.byteLength > MAX_AUDIO_FRAME_BYTES) {
      deps.violation('frame-too-large', `audio frames may hold at most ${MAX_AUDIO_FRAME_BYTES} bytes`);
      return;
    }
    if (!this.frameLimit.take() || !this.byteLimit.take(data.byteLength)) {
      deps.violation(
        'rate-limited',
        `audio is arriving faster than ${MAX_AUDIO_SPEED}x real time; frames are being dropped`,
      );
      return;
    }
    const samples = littleEndianBytesToInt16(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
    if (!samples) {
      deps.violation(
        'invalid-audio-frame',
        'audio frames must hold whole 16-bit samples (an even number of bytes)',
      );
      return;
    }
    this.toRoom(samples, false);
  }

  /** Decoded WebRTC audio: refused as a frame would be (the table, the flood limits), then the same way. */
  webrtc(samples: Int16Array): void {
    if (!this.deps.speaker()) return;
    if (!allows(SOCKET_ACCESS['webrtc'], this.deps.actorNow())) return;
    if (!this.frameLimit.take() || !this.byteLimit.take(samples.byteLength)) return;
    this.toRoom(samples, true);
  }

  /** Audio past its transport's checks (a PCM frame, or WebRTC decoded): to the room, unless it is too far behind. */
  private toRoom(samples: Int16Array, viaWebRtc: boolean): void {
    const speaker = this.deps.speaker();
    if (!speaker) return;
    // Audio that came, even if dropped below for the server's backlog: the client is not silent.
    this.deps.heard(viaWebRtc);
    const { room, member } = speaker;
    // Recognition that has fallen this far behind is not caught up by queueing more: the frame
    // is dropped, the speaker told (sampled), and memory stays bounded.
    if (room.backlogSeconds(member) > this.deps.streamBacklogSeconds) {
      // Not the speaker's fault (the server is slow), so it does not count towards closing the
      // connection as a flood would; the notice is sampled so it does not flood them either.
      this.backlogDrops += 1;
      if (this.backlogDrops === 1 || this.backlogDrops % 50 === 0) {
        this.deps.fail(
          'rate-limited',
          `recognition is more than ${this.deps.streamBacklogSeconds} s behind; audio is being dropped`,
        );
      }
      return;
    }
    room.audio(member, samples);
  }
}
