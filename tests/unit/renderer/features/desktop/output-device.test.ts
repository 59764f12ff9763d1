import { describe, expect, it } from 'vitest';
import {
  currentOutput,
  outputChangeStopsRecording,
} from '../../../../../src/renderer/features/desktop/output-device';

describe('output device changes during internal-audio recording', () => {
  const devices = (label: string) => [
    { deviceId: 'default', kind: 'audiooutput', label: `Default - ${label}`, groupId: 'g' },
    { deviceId: 'abc', kind: 'audiooutput', label, groupId: 'g' },
    { deviceId: 'mic', kind: 'audioinput', label: 'Microphone', groupId: 'h' },
  ];

  it('reads the output the system plays to', () => {
    expect(currentOutput(devices('Speakers (Realtek)'))).toBe('Speakers (Realtek)');
    expect(
      currentOutput([{ deviceId: 'default', kind: 'audiooutput', label: '', groupId: '' }]),
    ).toBeUndefined();
    expect(currentOutput([])).toBeUndefined();
  });

  it.each([
    ['Speakers (Realtek)', 'Headphones (USB)', true],
    ['Speakers (Realtek)', 'Speakers (Realtek)', false],
    ['Speakers (Realtek)', 'Hearken Virtual Speaker', false],
    ['Hearken Virtual Speaker', 'Speakers (Realtek)', true],
    [undefined, 'Headphones (USB)', false],
  ])('%s -> %s stops: %s', (before, after, stops) => {
    expect(outputChangeStopsRecording(before, after)).toBe(stops);
  });
});
