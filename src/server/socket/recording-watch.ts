/**
 * Whether a socket's recording still brings audio (issue 29 F-01). A started stream holds a
 * decoder and a share of the recogniser whether or not audio comes: one guest started streams
 * and sent nothing, or made WebRTC offers it never answered, and held them for as long as its
 * sockets stayed open. An honest client sends a chunk every 60 ms while it records (zeros while
 * muted), and over WebRTC gives up and falls back to the socket within 12 s (shared/webrtc.ts),
 * so a recording without audio for longer is stopped: while one runs, the watch looks a few
 * times within the shorter limit and tells the socket (`overdue`), which stops it.
 *
 * The clock is the server's running time (its own stalls taken out, loop-stalls.ts): frames
 * an honest speaker sent while the server stood still wait unread, and that is not silence.
 */

export interface RecordingWatchLimits {
  /** A recording with no audio this long (ms) is stopped (limits.streamSilentMs). */
  readonly silentMs: number;
  /** A WebRTC recording whose peer connection brought no audio this long (ms) is stopped. */
  readonly webrtcConnectMs: number;
}

/** Why a recording is to be stopped now. */
export type RecordingOverdue = 'silent' | 'webrtc-incomplete';

export interface WatchTimers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realTimers: WatchTimers = {
  // A socket's watch never keeps the process alive.
  setInterval: (fn, ms) => setInterval(fn, ms).unref(),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export class RecordingWatch {
  private recording = false;
  /** When audio last came (or the recording started). */
  private lastAudioAt = 0;
  /** When the WebRTC recording started, until its peer connection brings audio. */
  private webrtcSince: number | undefined;
  /** Looks only while a recording runs: sockets of readers cost no timer. */
  private check: unknown;

  constructor(
    private readonly limits: RecordingWatchLimits,
    private readonly clock: () => number,
    /** Told each time the watch finds the recording overdue, until it is stopped or heard. */
    private readonly overdue: (why: RecordingOverdue) => void,
    private readonly timers: WatchTimers = realTimers,
  ) {}

  get active(): boolean {
    return this.recording;
  }

  /** An `audio` start: a new recording, counted afresh. */
  started(viaWebRtc: boolean): void {
    const now = this.clock();
    this.recording = true;
    this.lastAudioAt = now;
    this.webrtcSince = viaWebRtc ? now : undefined;
    this.check ??= this.timers.setInterval(() => {
      const why = this.due();
      if (why) this.overdue(why);
    }, this.checkEveryMs);
  }

  /**
   * Audio came, on the socket or from the peer connection. Frames on the socket do not complete
   * a WebRTC offer: the browser sends what it held while connecting as frames only once connected,
   * and then its track's audio follows.
   */
  heard(viaWebRtc: boolean): void {
    if (!this.recording) return;
    this.lastAudioAt = this.clock();
    if (viaWebRtc) this.webrtcSince = undefined;
  }

  /** The recording stopped (by its client, or by the server), or the socket closed. */
  stopped(): void {
    this.recording = false;
    this.webrtcSince = undefined;
    if (this.check !== undefined) this.timers.clearInterval(this.check);
    this.check = undefined;
  }

  /**
   * Why the recording is to be stopped now, if it is. While a WebRTC offer is open its own time
   * applies: an honest browser sends nothing until it connects or falls back.
   */
  due(): RecordingOverdue | undefined {
    if (!this.recording) return undefined;
    const now = this.clock();
    if (this.webrtcSince !== undefined) {
      return now - this.webrtcSince > this.limits.webrtcConnectMs ? 'webrtc-incomplete' : undefined;
    }
    return now - this.lastAudioAt > this.limits.silentMs ? 'silent' : undefined;
  }

  /** How often to ask `due`: a few times within the shorter limit, at most every second. */
  get checkEveryMs(): number {
    return Math.max(50, Math.min(1000, Math.min(this.limits.silentMs, this.limits.webrtcConnectMs) / 4));
  }
}

/** What the member reads, and the log says, about a recording stopped for want of audio. */
export function overdueText(overdue: RecordingOverdue, limits: RecordingWatchLimits): string {
  return overdue === 'silent'
    ? `no audio arrived for ${seconds(limits.silentMs)} s: the recording was stopped and its recogniser released`
    : `the WebRTC audio brought nothing within ${seconds(limits.webrtcConnectMs)} s: it was closed, the recording stopped and its recogniser released`;
}

function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}
