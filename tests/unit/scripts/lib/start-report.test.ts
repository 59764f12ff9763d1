import { describe, expect, it } from 'vitest';
import {
  LineTail,
  MODEL_RETRY_AFTER_MS,
  MAX_QUICK_RESTARTS,
  STABLE_UPTIME_MS,
  afterServerDied,
  launcherExitCode,
  serverDiedReport,
  speechSetup,
} from '../../../../scripts/lib/start-report';

const base = {
  configured: false,
  noDownload: false,
  installedBasicModels: 0,
  candidate: 'streaming-zipformer-en-20M',
  lastFailure: undefined,
  modelsDir: '/srv/models',
  nowMs: Date.parse('2026-11-24T12:00:00Z'),
};

describe('speechSetup', () => {
  it('downloads the basic model on the first start, and says it is the first run', () => {
    expect(speechSetup(base)).toEqual({
      kind: 'download',
      model: 'streaming-zipformer-en-20M',
      say: 'First run: downloading the streaming-zipformer-en-20M speech model into /srv/models',
    });
  });

  it('does nothing when a model is installed or an engine is configured', () => {
    expect(speechSetup({ ...base, installedBasicModels: 1 })).toEqual({ kind: 'ready' });
    expect(speechSetup({ ...base, configured: true })).toEqual({ kind: 'ready' });
  });

  it('after a failed download, says in one line which engine runs and how to retry, for a day', () => {
    const lastFailure = {
      model: base.candidate,
      atMs: base.nowMs - 60_000,
      message: 'getaddrinfo ENOTFOUND',
    };
    const setup = speechSetup({ ...base, lastFailure });
    expect(setup.kind).toBe('skip');
    expect(setup.kind === 'skip' && setup.say).toBe(
      'Speech: the system PocketSphinx engine (lower accuracy). The streaming-zipformer-en-20M model could ' +
        'not be downloaded at 2026-11-24 11:59 UTC (getaddrinfo ENOTFOUND); ' +
        'npm run models:download -- streaming-zipformer-en-20M tries again.',
    );
    const later = speechSetup({ ...base, lastFailure, nowMs: lastFailure.atMs + MODEL_RETRY_AFTER_MS });
    expect(later).toMatchObject({
      kind: 'download',
      say: expect.stringMatching(/^Trying again to download/),
    });
  });

  it('never says first run when downloads are turned off', () => {
    const setup = speechSetup({ ...base, noDownload: true });
    expect(setup).toEqual({
      kind: 'skip',
      say: 'Speech: the system PocketSphinx engine (streaming-zipformer-en-20M is not installed; npm run models:download -- streaming-zipformer-en-20M installs it).',
    });
  });
});

describe('serverDiedReport', () => {
  it('says how the server ended and repeats its last error output', () => {
    expect(serverDiedReport(1, null, ['Error: listen EADDRINUSE 127.0.0.1:8080'])).toBe(
      '\nThe Hearken server exited with code 1, without being asked to stop.\n' +
        'Its last error output:\n  Error: listen EADDRINUSE 127.0.0.1:8080\nnpm start is stopping too.',
    );
    expect(serverDiedReport(null, 'SIGKILL', [])).toMatch(
      /was stopped by SIGKILL.*\nIt wrote no error output/s,
    );
  });
});

describe('afterServerDied', () => {
  it('restarts a server that had started, after a delay that doubles with each quick death', () => {
    let state = { quickDeaths: 0 };
    const delays: number[] = [];
    for (let i = 0; i < MAX_QUICK_RESTARTS; i++) {
      const { state: next, next: decision } = afterServerDied(state, { ready: true, uptimeMs: 5_000 });
      expect(decision.kind).toBe('restart');
      if (decision.kind === 'restart') {
        delays.push(decision.delayMs);
        expect(decision.restart).toBe(i + 1);
      }
      state = next;
    }
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
    // One more quick death: a crash loop, given up.
    expect(afterServerDied(state, { ready: true, uptimeMs: 5_000 }).next).toEqual({
      kind: 'give-up',
      reason: 'crash-loop',
    });
  });

  it('starts the backoff over after a server that ran a minute', () => {
    const after = afterServerDied({ quickDeaths: 4 }, { ready: true, uptimeMs: STABLE_UPTIME_MS });
    expect(after.next).toEqual({ kind: 'restart', delayMs: 1_000, restart: 1 });
    expect(after.state).toEqual({ quickDeaths: 1 });
  });

  it('never restarts one that did not finish starting: its configuration needs a person', () => {
    expect(afterServerDied({ quickDeaths: 0 }, { ready: false, uptimeMs: 0 }).next).toEqual({
      kind: 'give-up',
      reason: 'never-ready',
    });
  });

  it('says what happens next', () => {
    expect(serverDiedReport(null, 'SIGKILL', [], { kind: 'restart', delayMs: 2_000, restart: 2 })).toMatch(
      /was stopped by SIGKILL, without being asked to stop\..*\nRestarting it in 2 s \(restart 2 in a row; npm start gives up after 5 restarts that each die within a minute\)\.$/s,
    );
    expect(serverDiedReport(1, null, [], { kind: 'give-up', reason: 'crash-loop' })).toMatch(
      /It died within a minute of starting 6 times in a row: npm start is stopping too\.$/,
    );
  });
});

describe('launcherExitCode', () => {
  it('fails when the server died, succeeds when it was asked to stop', () => {
    expect(launcherExitCode(false, 3)).toBe(3);
    expect(launcherExitCode(false, 0)).toBe(1);
    expect(launcherExitCode(false, null)).toBe(1);
    expect(launcherExitCode(true, null)).toBe(0);
  });
});

describe('LineTail', () => {
  it('keeps the last whole lines across chunks', () => {
    const tail = new LineTail(2);
    tail.push('one\ntw');
    tail.push('o\nthree\nfou');
    expect(tail.text).toEqual(['three', 'fou']);
    tail.push('r\n');
    expect(tail.text).toEqual(['three', 'four']);
  });
});
