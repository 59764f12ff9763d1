import type { ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CHUNK_BYTES } from '../../../../src/shared/constants';
import {
  SystemAudioController,
  runCommand,
  spawnRecorder,
} from '../../../../src/main/system-audio/controller';
import type { ChildLike } from '../../../../src/main/system-audio/monitor-capture';

const MONITOR = 'alsa_output.pci-0000_00_1f.3.analog-stereo.monitor';
const SOURCES = `0\t${MONITOR}\tmodule-alsa-card.c\ts16le 2ch 44100Hz\tSUSPENDED\n`;

/** `pactl` on a Linux machine with one output. */
const pactl = async (command: string, args: readonly string[]) => {
  const line = [command, ...args].join(' ');
  if (line === 'pactl list short sources') return SOURCES;
  if (line === 'pactl get-default-sink') return 'alsa_output.pci-0000_00_1f.3.analog-stereo\n';
  throw new Error(`unexpected ${line}`);
};

/** A parec stand-in: the test writes its output and ends it. */
class FakeRecorder extends EventEmitter {
  readonly stdout = new EventEmitter();
  readonly stderr = new EventEmitter();
  killed = false;
  kill = () => (this.killed = true);
}

function setUp(platform = 'linux') {
  const recorders: { child: FakeRecorder; command: string; args: readonly string[] }[] = [];
  const sent: [string, number, unknown][] = [];
  const controller = new SystemAudioController({
    platform,
    run: pactl,
    spawn: (command, args) => {
      const child = new FakeRecorder();
      recorders.push({ child, command, args });
      return child as unknown as ChildLike;
    },
    sendChunk: (id, chunk) => void sent.push(['chunk', id, chunk.byteLength]),
    sendEnded: (id, message) => void sent.push(['ended', id, message]),
  });
  return { controller, recorders, sent };
}

describe('SystemAudioController', () => {
  it('records only the monitor it offered, for the window that asked', async () => {
    const { controller, recorders, sent } = setUp();
    expect(controller.start(MONITOR, 3)).toEqual({ ok: false, message: 'unknown source' });
    expect(await controller.plan()).toEqual({ kind: 'pulseMonitor', source: MONITOR });
    expect(controller.start('alsa_input.microphone', 3)).toEqual({ ok: false, message: 'unknown source' });
    expect(recorders).toHaveLength(0);
    expect(controller.start(MONITOR, 3)).toEqual({ ok: true });
    expect(recorders[0]!.command).toBe('parec');
    expect(recorders[0]!.args).toContain(`--device=${MONITOR}`);
    recorders[0]!.child.stdout.emit('data', Buffer.alloc(CHUNK_BYTES));
    expect(sent).toEqual([['chunk', 3, CHUNK_BYTES]]);
  });

  it('does not offer a monitor where the plan is another kind', async () => {
    const { controller, recorders } = setUp('win32');
    expect(await controller.plan()).toEqual({ kind: 'loopback' });
    expect(controller.start(MONITOR, 3)).toEqual({ ok: false, message: 'unknown source' });
    expect(recorders).toHaveLength(0);
  });

  it('keeps one recording at a time: a new start stops the previous one', async () => {
    const { controller, recorders } = setUp();
    await controller.plan();
    controller.start(MONITOR, 3);
    controller.start(MONITOR, 4);
    expect(recorders.map((r) => r.child.killed)).toEqual([true, false]);
    controller.stop();
    expect(recorders[1]!.child.killed).toBe(true);
  });

  it('tells the window when the recorder stops by itself', async () => {
    const { controller, recorders, sent } = setUp();
    await controller.plan();
    controller.start(MONITOR, 5);
    recorders[0]!.child.emit('exit', 1, null);
    expect(sent).toEqual([['ended', 5, 'parec stopped (exit code 1)']]);
    // Already gone: stopping does not kill it again.
    controller.stop();
    expect(recorders[0]!.child.killed).toBe(false);
  });
});

describe('the child processes of system audio', () => {
  it('runs a command and answers its output', async () => {
    await expect(runCommand(process.execPath, ['-e', 'process.stdout.write("sinks")'])).resolves.toBe(
      'sinks',
    );
    await expect(runCommand(process.execPath, ['-e', 'process.exit(3)'])).rejects.toThrow();
  });

  it('reads the recorder from its stdout', async () => {
    const child = spawnRecorder(process.execPath, ['-e', 'process.stdout.write(Buffer.alloc(10))']);
    let bytes = 0;
    child.stdout!.on('data', (data) => (bytes += data.length));
    // 'close' (not 'exit'): it comes after stdout has been read to the end.
    await new Promise<void>((done) => (child as unknown as ChildProcess).on('close', () => done()));
    expect(bytes).toBe(10);
  });
});
