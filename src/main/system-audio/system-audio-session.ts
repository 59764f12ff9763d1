/**
 * System audio on Linux, as the recording page asks for it: first the plan (what this machine
 * offers), then start and stop. Main records only the monitor source it offered in its last plan,
 * so a page cannot make main record anything else, and one recording at a time.
 */
import type { InvokeResults, SystemAudioPlan } from '../../shared/ipc';
import type { MonitorCapture } from './monitor-capture';

export interface SystemAudioSessionDeps {
  /** plan.ts systemAudioPlan for this platform. */
  plan(): Promise<SystemAudioPlan>;
  /** monitor-capture.ts startMonitorCapture on that source. */
  capture(
    source: string,
    onChunk: (chunk: Uint8Array) => void,
    onEnd: (message: string) => void,
  ): MonitorCapture;
}

/** Where the recorded sound goes: the page that asked. */
export interface SystemAudioListener {
  chunk(chunk: Uint8Array): void;
  ended(message: string): void;
}

export class SystemAudioSession {
  private lastPlan: SystemAudioPlan | undefined;
  private monitor: MonitorCapture | undefined;

  constructor(private readonly deps: SystemAudioSessionDeps) {}

  async plan(): Promise<SystemAudioPlan> {
    this.lastPlan = await this.deps.plan();
    return this.lastPlan;
  }

  start(source: string, to: SystemAudioListener): InvokeResults['systemAudio:start'] {
    if (this.lastPlan?.kind !== 'pulseMonitor' || this.lastPlan.source !== source)
      return { ok: false, message: 'unknown source' };
    this.monitor?.stop();
    const monitor = this.deps.capture(source, to.chunk, (message) => {
      if (this.monitor === monitor) this.monitor = undefined;
      to.ended(message);
    });
    this.monitor = monitor;
    return { ok: true };
  }

  stop(): void {
    this.monitor?.stop();
    this.monitor = undefined;
  }
}
