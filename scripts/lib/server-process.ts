/**
 * Runs the conversation server as a child process for the benchmarks, as it runs in production
 * (its own process, its own event loop), and reads its CPU time and peak memory from the OS.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PARENT_PID_ENV } from '../../src/server/parent-watch';

export interface ServerProcess {
  url: string;
  pid: number;
  /** CPU seconds (user + system) the server has used so far, all threads included. */
  cpuSeconds(): number | undefined;
  /** Peak resident memory (VmHWM) in MB. */
  peakRssMb(): number | undefined;
  /** Resident memory now (VmRSS) in MB. */
  rssMb(): number | undefined;
  stop(): Promise<void>;
}

const ROOT = resolve(import.meta.dirname, '../..');

/** A numeric field of /proc/<pid>/status (Linux), e.g. VmHWM in kB. */
export function procStatus(pid: number, field: string): number | undefined {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat (Linux). */
export function procCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of /proc/pid/stat (11 and 12 after the command name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export async function startServerProcess(env: Record<string, string> = {}): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearken-bench-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      HEARKEN_PORT: '0',
      HEARKEN_DATA_DIR: dataDir,
      HEARKEN_LOG_LEVEL: 'warn',
      // A benchmark killed outright (no 'exit' event) still takes its server with it.
      [PARENT_PID_ENV]: String(process.pid),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${out}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /open (http:\/\/[^\s/]+)\/web/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolveUrl(match[1]!);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with code ${code} before it was ready:\n${out}`));
    });
  });
  const pid = child.pid!;
  // If the benchmark dies, its server must not outlive it.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  return {
    url,
    pid,
    cpuSeconds: () => procCpuSeconds(pid),
    peakRssMb: () => {
      const kb = procStatus(pid, 'VmHWM');
      return kb === undefined ? undefined : Math.round(kb / 1024);
    },
    rssMb: () => {
      const kb = procStatus(pid, 'VmRSS');
      return kb === undefined ? undefined : Math.round(kb / 1024);
    },
    stop: () =>
      new Promise<void>((done) => {
        const cleanUp = () => {
          process.off('exit', killChild);
          rmSync(dataDir, { recursive: true, force: true });
          done();
        };
        // A server that already ended (an attack ended it) fires no second 'exit'.
        if (child.exitCode !== null || child.signalCode !== null) {
          cleanUp();
          return;
        }
        child.once('exit', cleanUp);
        child.kill('SIGTERM');
      }),
  };
}
