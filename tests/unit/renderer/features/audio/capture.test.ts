import { describe, expect, it } from 'vitest';
import {
  resolveMicId,
  toAudioDevices,
  audioErrorOf,
  AudioCaptureError,
} from '../../../../../src/renderer/features/audio/capture';

describe('audio capture helpers', () => {
  const info = (deviceId: string, label: string, kind: MediaDeviceKind = 'audioinput') => ({
    deviceId,
    label,
    kind,
    groupId: 'g',
  });

  it('lists audio inputs only, and leaves out entries without an id', () => {
    const devices = toAudioDevices([
      info('default', 'Default - USB Mic'),
      info('abc', 'AirPods Pro (Bluetooth)'),
      info('cam', 'Camera', 'videoinput'),
      info('out', 'Speakers', 'audiooutput'),
      info('', ''),
    ]);
    expect(devices.map((d) => d.id)).toEqual(['default', 'abc']);
    expect(devices[0]).toMatchObject({ default: true, isBluetooth: false });
    expect(devices[1]).toMatchObject({ default: false, isBluetooth: true });
  });

  it('opens the chosen microphone if it is still there, else the default', () => {
    const devices = toAudioDevices([info('a', 'A'), info('b', 'B')]);
    expect(resolveMicId(devices, 'b')).toBe('b');
    expect(resolveMicId(devices, 'gone')).toBeUndefined();
    expect(resolveMicId(devices, undefined)).toBeUndefined();
    expect(resolveMicId([], 'b')).toBe('b');
  });

  it('maps capture failures to the spec’s catalogue', () => {
    expect(audioErrorOf(new AudioCaptureError('NO_AUDIO_TRACKS'))).toBe('NO_AUDIO_TRACKS');
    expect(audioErrorOf(Object.assign(new Error('x'), { name: 'NotFoundError' }))).toBe('NO_AUDIO_INPUTS');
    expect(audioErrorOf(new Error('Permission dismissed'))).toBe('PERMISSION_DISMISSED');
    expect(audioErrorOf(new Error('something odd'))).toBe('GENERIC');
  });
});
