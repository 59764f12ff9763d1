import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_BYTES } from '../../src/shared/constants';
import { displayMediaAnswer } from '../../src/main/system-audio/display-media';
import {
  ByteChunker,
  type ChildLike,
  parecArgs,
  startMonitorCapture,
} from '../../src/main/system-audio/monitor-capture';
import { chooseMonitorSource, parseDefaultSink, parseShortSources } from '../../src/main/system-audio/pactl';
import { systemAudioPlan } from '../../src/main/system-audio/plan';
import { APP_ORIGIN } from '../../src/main/app-protocol';

// What `pactl list short sources` prints on PulseAudio and on PipeWire (pipewire-pulse).
const PULSE_SOURCES = [
  '0\talsa_output.pci-0000_00_1f.3.analog-stereo.monitor\tmodule-alsa-card.c\ts16le 2ch 44100Hz\tSUSPENDED',
  '1\talsa_input.pci-0000_00_1f.3.analog-stereo\tmodule-alsa-card.c\ts16le 2ch 44100Hz\tRUNNING',
  '',
].join('\n');
const PIPEWIRE_SOURCES = [
  '55\talsa_output.usb-Jabra_Evolve-00.analog-stereo.monitor\tPipeWire\ts32le 2ch 48000Hz\tSUSPENDED',
  '56\talsa_input.usb-Jabra_Evolve-00.mono-fallback\tPipeWire\ts16le 1ch 48000Hz\tSUSPENDED',
  '60\talsa_output.pci-0000_00_1f.3.hdmi-stereo.monitor\tPipeWire\ts32le 2ch 48000Hz\tIDLE',
].join('\n');

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

describe('monitor capture', () => {
  it('re-cuts reads of any size into 60 ms chunks', () => {
    const chunker = new ByteChunker();
    const bytes = Uint8Array.from({ length: CHUNK_BYTES * 2 + 7 }, (_, i) => i % 251);
    const chunks = [...chunker.push(bytes.subarray(0, 1001)), ...chunker.push(bytes.subarray(1001))];
    expect(chunks).toHaveLength(2);
    expect(chunks.every((c) => c.length === CHUNK_BYTES)).toBe(true);
    expect(Array.from(chunks[1]!.subarray(0, 3))).toEqual(
      Array.from(bytes.subarray(CHUNK_BYTES, CHUNK_BYTES + 3)),
    );
  });

  it('asks parec for 16 kHz mono Int16 from the chosen monitor', () => {
    expect(parecArgs('sink.monitor')).toEqual(
      expect.arrayContaining(['--device=sink.monitor', '--format=s16le', '--rate=16000', '--channels=1']),
    );
  });

  it('streams what a real child process writes, in chunks, and stops it', async () => {
    // A stand-in recorder: a Node process writing 5 chunks' worth of bytes, then waiting.
    const script = `process.stdout.write(Buffer.alloc(${CHUNK_BYTES * 5 + 100}, 7)); setInterval(() => {}, 1000);`;
    const chunks: Uint8Array[] = [];
    const onEnd = vi.fn();
    const capture = startMonitorCapture({
      spawn: (command, args) => spawn(command, [...args]) as unknown as ChildLike,
      source: 'unused',
      command: process.execPath,
      args: ['-e', script],
      onChunk: (c) => chunks.push(c),
      onEnd,
    });
    await vi.waitFor(() => expect(chunks.length).toBe(5), { timeout: 5000 });
    expect(chunks[0]![0]).toBe(7);
    capture.stop();
    await new Promise((r) => setTimeout(r, 200));
    expect(onEnd).not.toHaveBeenCalled();
  });

  it('explains a missing recorder and a recorder that died', async () => {
    const ended: string[] = [];
    startMonitorCapture({
      spawn: (command, args) => spawn(command, [...args]) as unknown as ChildLike,
      source: 'x.monitor',
      command: 'hearken-no-such-recorder',
      onChunk: () => {},
      onEnd: (m) => ended.push(m),
    });
    await vi.waitFor(() => expect(ended).toHaveLength(1));
    expect(ended[0]).toMatch(/not installed: install pulseaudio-utils/);

    const child = Object.assign(new EventEmitter(), {
      stdout: null,
      stderr: new EventEmitter(),
      kill: vi.fn(() => true),
    });
    const died: string[] = [];
    startMonitorCapture({
      spawn: () => child as unknown as ChildLike,
      source: 's',
      onChunk: () => {},
      onEnd: (m) => died.push(m),
    });
    child.stderr.emit('data', Buffer.from('Connection failure: Connection refused\n'));
    child.emit('exit', 1, null);
    child.emit('exit', 1, null);
    expect(died).toEqual(['parec stopped (exit code 1): Connection failure: Connection refused']);
  });
});

describe('displayMediaAnswer', () => {
  const screens = [{ id: 'screen:0:0', name: 'Entire screen' }];
  const request = { securityOrigin: APP_ORIGIN, audioRequested: true, videoRequested: true };

  it('gives our page the screen with loopback audio on Windows', () => {
    expect(displayMediaAnswer(request, screens, 'win32', [APP_ORIGIN])).toEqual({
      video: screens[0],
      audio: 'loopback',
    });
  });

  it.each([
    ['another origin', { ...request, securityOrigin: 'https://evil.example' }, 'win32'],
    ['no audio asked', { ...request, audioRequested: false }, 'win32'],
    ['macOS', request, 'darwin'],
    ['Linux', request, 'linux'],
  ])('refuses for %s', (_name, req, platform) => {
    expect(displayMediaAnswer(req, screens, platform, [APP_ORIGIN])).toBeNull();
  });
});
