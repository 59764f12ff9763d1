import { describe, expect, it, vi } from 'vitest';
import { systemAudioPlan } from '../../../../src/main/system-audio/plan';
import { PULSE_SOURCES, PIPEWIRE_SOURCES } from '../../../helpers/system-audio';

describe('systemAudioPlan', () => {
  const run = (outputs: Record<string, string | Error>) =>
    vi.fn(async (command: string, args: readonly string[]) => {
      const out = outputs[`${command} ${args.join(' ')}`];
      if (out === undefined || out instanceof Error) throw out ?? new Error(`${command}: not found`);
      return out;
    });

  it('uses loopback display media on Windows and the setup screen on macOS', async () => {
    expect(await systemAudioPlan('win32', run({}))).toEqual({ kind: 'loopback' });
    expect(await systemAudioPlan('darwin', run({}))).toEqual({
      kind: 'unavailable',
      reason: 'macosNeedsSetup',
    });
  });

  it('finds the default output monitor on Linux', async () => {
    const plan = await systemAudioPlan(
      'linux',
      run({
        'pactl list short sources': PULSE_SOURCES,
        'pactl get-default-sink': 'alsa_output.pci-0000_00_1f.3.analog-stereo\n',
      }),
    );
    expect(plan).toEqual({
      kind: 'pulseMonitor',
      source: 'alsa_output.pci-0000_00_1f.3.analog-stereo.monitor',
    });
  });

  it('falls back to pactl info on an old pactl, and says when there is no sound server', async () => {
    const plan = await systemAudioPlan(
      'linux',
      run({
        'pactl list short sources': PIPEWIRE_SOURCES,
        'pactl info': 'Default Sink: alsa_output.pci-0000_00_1f.3.hdmi-stereo\n',
      }),
    );
    expect(plan).toEqual({
      kind: 'pulseMonitor',
      source: 'alsa_output.pci-0000_00_1f.3.hdmi-stereo.monitor',
    });
    expect(await systemAudioPlan('linux', run({}))).toEqual({
      kind: 'unavailable',
      reason: 'noMonitorSource',
    });
  });
});
