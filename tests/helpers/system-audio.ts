/** Fakes and helpers shared by the tests split from one file. */

// What `pactl list short sources` prints on PulseAudio and on PipeWire (pipewire-pulse).
export const PULSE_SOURCES = [
  '0\talsa_output.pci-0000_00_1f.3.analog-stereo.monitor\tmodule-alsa-card.c\ts16le 2ch 44100Hz\tSUSPENDED',
  '1\talsa_input.pci-0000_00_1f.3.analog-stereo\tmodule-alsa-card.c\ts16le 2ch 44100Hz\tRUNNING',
  '',
].join('\n');
export const PIPEWIRE_SOURCES = [
  '55\talsa_output.usb-Jabra_Evolve-00.analog-stereo.monitor\tPipeWire\ts32le 2ch 48000Hz\tSUSPENDED',
  '56\talsa_input.usb-Jabra_Evolve-00.mono-fallback\tPipeWire\ts16le 1ch 48000Hz\tSUSPENDED',
  '60\talsa_output.pci-0000_00_1f.3.hdmi-stereo.monitor\tPipeWire\ts32le 2ch 48000Hz\tIDLE',
].join('\n');
