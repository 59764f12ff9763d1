/**
 * Stopping a cluster node in tests: a node that ignores SIGTERM past its grace is killed and its
 * last lines are shown, rather than holding the test file until its hook times out.
 */
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ClusterNodeProcess, stopClusterNode } from '../../../../scripts/lib/cluster-nodes';

function fakeNode(script: string): ClusterNodeProcess {
  const child = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  return { nodeId: 'stuck-1', url: 'http://127.0.0.1:1', child, output: () => 'first\nlast line', exited };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('stopClusterNode', () => {
  it('kills a node still running past its grace, saying so with its last lines', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const node = fakeNode("process.on('SIGTERM', () => {}); setInterval(() => {}, 1000); console.log('up')");
    await new Promise((r) => setTimeout(r, 300));
    await stopClusterNode(node, 300);
    expect(node.child.signalCode).toBe('SIGKILL');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(
      /stuck-1 did not end 300 ms after SIGTERM[\s\S]*last line/,
    );
  });

  it('lets a node that ends on SIGTERM end by itself, without a word', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const node = fakeNode('setInterval(() => {}, 1000)');
    await new Promise((r) => setTimeout(r, 300));
    await stopClusterNode(node, 5000);
    expect(node.child.signalCode).toBe('SIGTERM');
    expect(warn).not.toHaveBeenCalled();
  });
});
