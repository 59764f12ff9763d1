/**
 * What the desktop app adds to the sagas' seams (AppDeps.desktop): the bridge to main, and what
 * desktop capture knows. Absent in the web build.
 */
import type { DesktopBridge, DesktopConfig } from '../../../shared/ipc';
import type { DesktopCaptureNotice } from './desktop-capture';
import type { OutputDeviceInfo } from './output-device';

export interface DesktopDeps {
  bridge: DesktopBridge;
  platform: DesktopConfig['platform'];
  /** When capture last delivered audio (the audio status's "volume received"). */
  lastChunkAtMs(): number | undefined;
  captureNotices: { subscribe(listener: (notice: DesktopCaptureNotice) => void): () => void };
  /** Audio outputs (enumerateDevices), to notice an output change during internal-audio recording. */
  listOutputs(): Promise<OutputDeviceInfo[]>;
}
