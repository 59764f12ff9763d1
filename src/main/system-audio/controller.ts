/**
 * Computer audio, main side: works out how this machine can capture what it plays (plan.ts),
 * and on Linux records the monitor it offered for the window that asked (monitor-capture.ts),
 * one recording at a time. A page can only start the monitor of the last plan: it cannot make
 * main record another source.
 */
import { execFile, spawn } from 'node:child_process';
import type { SystemAudioPlan } from '../../shared/ipc';
import { type ChildLike, type MonitorCapture, type SpawnLike, startMonitorCapture } from './monitor-capture';
import { type RunCommand, systemAudioPlan } from './plan';

export interface SystemAudioControllerDeps {
  platform: string;
  run: RunCommand;
  spawn: SpawnLike;
  /** 60 ms of audio for the window that started the recording. */
  sendChunk(webContentsId: number, chunk: Uint8Array): void;
  /** The recorder stopped by itself, with a reason people can act on. */
  sendEnded(webContentsId: number, message: string): void;
}

export type SystemAudioStartResult = { ok: true } | { ok: false; message: string };

export class SystemAudioController {
  private monitor: MonitorCapture | undefined;
  private lastPlan: SystemAudioPlan | undefined;

  constructor(private readonly d: SystemAudioControllerDeps) {}

  async plan(): Promise<SystemAudioPlan> {
    return (this.lastPlan = await systemAudioPlan(this.d.platform, this.d.run));
  }

  start(source: string, webContentsId: number): SystemAudioStartResult {
    // Only the monitor this machine offered: a page cannot make main record something else.
    if (this.lastPlan?.kind !== 'pulseMonitor' || this.lastPlan.source !== source)
      return { ok: false, message: 'unknown source' };
    this.monitor?.stop();
    this.monitor = startMonitorCapture({
      spawn: this.d.spawn,
      source,
      onChunk: (chunk) => this.d.sendChunk(webContentsId, chunk),
      onEnd: (message) => {
        this.monitor = undefined;
        this.d.sendEnded(webContentsId, message);
      },
    });
    return { ok: true };
  }

  stop(): void {
    this.monitor?.stop();
    this.monitor = undefined;
  }
}

/** `pactl` and friends, answered within 3 s (a sound server that hangs must not hang the page). */
export const runCommand: RunCommand = (command, args) =>
  new Promise<string>((ok, fail) =>
    execFile(command, [...args], { timeout: 3000 }, (error, stdout) => (error ? fail(error) : ok(stdout))),
  );

/** `parec`, its audio read from stdout and its complaints from stderr. */
export const spawnRecorder: SpawnLike = (command, args) =>
  spawn(command, [...args], { stdio: ['ignore', 'pipe', 'pipe'] }) as unknown as ChildLike;
