/**
 * A real SIP peer for tests: Debian's baresip, as the phone conference a SIP trunk would reach.
 * It listens on loopback only, answers calls to its number at once (answermode=auto), sends a
 * WAV as its microphone (the aufile source, resampled to 8 kHz by the repo's own downsampler,
 * since G.711 carries 8 kHz) and logs every RFC 4733 telephone-event it receives, which is how
 * a test checks the access codes the conference heard. Its output is kept for the test to read.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TelephoneDownsampler } from '../../src/shared/telephone-audio';
import { encodeWav, parseWav, toMono } from '../../src/shared/wav';

export interface Baresip {
  /** The trunk URI to give Hearken (HEARKEN_SIP_TRUNK). */
  trunk: string;
  /** Everything it printed so far (its status line's carriage returns made newlines). */
  log(): string;
  /** The DTMF digits it received, in order (one per event, at its end). */
  digits(): string;
  /** How many of its calls were set up, and how many the caller ended with a BYE. */
  established(): number;
  byes(): number;
  stop(): Promise<void>;
}

export function baresipInstalled(): boolean {
  return spawnSync('baresip', ['-h'], { stdio: 'ignore' }).error === undefined;
}

/**
 * `wav` (any rate) at 8 kHz, between `leadSeconds` of silence (a conference is quiet while its
 * codes are pressed) and `silenceSeconds` of it: baresip hangs up when its source file ends, so
 * the silence keeps the call up while the recogniser ends its last line.
 */
function telephoneWav(wav: string, leadSeconds: number, silenceSeconds: number, out: string): void {
  const audio = parseWav(readFileSync(wav));
  const narrow = new TelephoneDownsampler(audio.sampleRate).process(toMono(audio));
  const padded = new Int16Array(Math.round((leadSeconds + silenceSeconds) * 8000) + narrow.length);
  padded.set(narrow, Math.round(leadSeconds * 8000));
  writeFileSync(out, encodeWav(padded, 8000));
}

export async function startBaresip(options: {
  number: string;
  wav: string;
  leadSeconds: number;
  silenceSeconds: number;
}): Promise<Baresip> {
  const dir = mkdtempSync(join(tmpdir(), 'hearken-baresip-'));
  const source = join(dir, 'conference.wav');
  telephoneWav(options.wav, options.leadSeconds, options.silenceSeconds, source);
  // Ports of its own per run: several test files may hold one at once.
  const port = 36000 + Math.floor(Math.random() * 4000);
  const rtpMin = 40000 + Math.floor(Math.random() * 100) * 40;
  writeFileSync(
    join(dir, 'config'),
    [
      'poll_method epoll',
      `sip_listen 127.0.0.1:${port}`,
      'sip_transports udp',
      `audio_source aufile,${source}`,
      'audio_srate 8000',
      'audio_channels 1',
      `rtp_ports ${rtpMin}-${rtpMin + 39}`,
      'module_path /usr/lib/baresip/modules',
      'module g711.so',
      'module aufile.so',
      'module_app account.so',
      'module_app menu.so',
      '',
    ].join('\n'),
  );
  // Its account is the conference's number: calls to it are answered (no registration).
  writeFileSync(
    join(dir, 'accounts'),
    `<sip:${options.number}@127.0.0.1>;regint=0;answermode=auto;audio_codecs=PCMU/8000/1,PCMA/8000/1\n`,
  );
  // Its log is read as it comes: line-buffered (coreutils' stdbuf), not a pipe's 4 KB blocks.
  const child: ChildProcess = spawn('stdbuf', ['-oL', 'baresip', '-f', dir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const take = (d: Buffer) => (output += d.toString().replace(/\r/g, '\n'));
  child.stdout!.on('data', take);
  child.stderr!.on('data', take);
  const deadline = Date.now() + 10_000;
  while (!/baresip is ready/.test(output)) {
    if (child.exitCode !== null) throw new Error(`baresip exited: ${output.slice(-2000)}`);
    if (Date.now() > deadline) throw new Error(`baresip did not start: ${output.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const count = (re: RegExp) => output.match(re)?.length ?? 0;
  return {
    trunk: `sip:127.0.0.1:${port}`,
    log: () => output,
    digits: () => [...output.matchAll(/received event: '(.)' \(end=1\)/g)].map((m) => m[1]).join(''),
    established: () => count(/Call established/g),
    // baresip 1.0's words for a session the other side closed (a BYE).
    byes: () => count(/session closed: Connection reset by peer/g),
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
