/**
 * Spec: "An output device change during internal-audio recording (other than the product's
 * virtual speakers) stops recording with a warning". The computer's audio is captured from the
 * output it plays to; when the user switches output (headphones plugged in, a Bluetooth speaker
 * connects), the capture would go silent or capture the wrong thing.
 */
import { isVirtualSpeaker } from '../../../shared/desktop';

export interface OutputDeviceInfo {
  deviceId: string;
  kind: string;
  label: string;
  groupId: string;
}

/**
 * The output sound goes to: Chromium lists it as "default" (its label names the real device,
 * "Default - Speakers (Realtek)"); without labels (no permission yet) nothing can be said.
 */
export function currentOutput(devices: readonly OutputDeviceInfo[]): string | undefined {
  const outputs = devices.filter((d) => d.kind === 'audiooutput');
  const chosen = outputs.find((d) => d.deviceId === 'default') ?? outputs[0];
  if (!chosen || !chosen.label) return undefined;
  return chosen.label.replace(/^default\s*-\s*/i, '').trim();
}

export function outputChangeStopsRecording(before: string | undefined, after: string | undefined): boolean {
  if (before === undefined || after === undefined || before === after) return false;
  return !isVirtualSpeaker(after);
}
