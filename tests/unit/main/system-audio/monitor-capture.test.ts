import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { CHUNK_BYTES } from '../../../../src/shared/constants';
import {
  ByteChunker,
  type ChildLike,
  parecArgs,
  startMonitorCapture,
} from '../../../../src/main/system-audio/monitor-capture';

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
