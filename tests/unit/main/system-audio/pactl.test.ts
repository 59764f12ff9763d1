import { describe, expect, it } from 'vitest';
import {
  chooseMonitorSource,
  parseDefaultSink,
  parseShortSources,
} from '../../../../src/main/system-audio/pactl';
import { PULSE_SOURCES, PIPEWIRE_SOURCES } from '../../../helpers/system-audio';

describe('pactl parsing', () => {
  it('reads the short source list', () => {
    expect(parseShortSources(PULSE_SOURCES)).toEqual([
      {
        index: 0,
        name: 'alsa_output.pci-0000_00_1f.3.analog-stereo.monitor',
        driver: 'module-alsa-card.c',
        sampleSpec: 's16le 2ch 44100Hz',
        state: 'SUSPENDED',
      },
      {
        index: 1,
        name: 'alsa_input.pci-0000_00_1f.3.analog-stereo',
        driver: 'module-alsa-card.c',
        sampleSpec: 's16le 2ch 44100Hz',
        state: 'RUNNING',
      },
    ]);
    expect(parseShortSources('garbage\n\nx\ty')).toEqual([]);
  });

  it('reads the default sink from get-default-sink and from pactl info', () => {
    expect(parseDefaultSink('alsa_output.usb-Jabra_Evolve-00.analog-stereo\n')).toBe(
      'alsa_output.usb-Jabra_Evolve-00.analog-stereo',
    );
    expect(
      parseDefaultSink(
        'Server Name: PulseAudio (on PipeWire 1.0.5)\nDefault Sink: alsa_output.x\nDefault Source: alsa_input.y\n',
      ),
    ).toBe('alsa_output.x');
    expect(parseDefaultSink('Connection failure: Connection refused')).toBeUndefined();
  });

  it('records the monitor of the output the user listens to', () => {
    const sources = parseShortSources(PIPEWIRE_SOURCES);
    expect(chooseMonitorSource(sources, 'alsa_output.pci-0000_00_1f.3.hdmi-stereo')).toBe(
      'alsa_output.pci-0000_00_1f.3.hdmi-stereo.monitor',
    );
    // Unknown default: the first monitor rather than nothing.
    expect(chooseMonitorSource(sources, undefined)).toBe(
      'alsa_output.usb-Jabra_Evolve-00.analog-stereo.monitor',
    );
    expect(
      chooseMonitorSource(parseShortSources('1\talsa_input.x\td\ts\tS'), 'alsa_output.x'),
    ).toBeUndefined();
  });
});
