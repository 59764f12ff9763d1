/**
 * What `npm start` says about the speech engine it sets up and about a server that stopped by
 * itself: pure, so each message is tested without downloading or starting anything.
 */

/** A failed download is tried again at the next start one day later, not at every start. */
export const MODEL_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;

export interface DownloadFailure {
  model: string;
  atMs: number;
  message: string;
}

export type SpeechSetup =
  { kind: 'ready' } | { kind: 'download'; model: string; say: string } | { kind: 'skip'; say: string };

export function speechSetup(facts: {
  /** HEARKEN_TIER_BASIC names an engine: nothing to set up. */
  configured: boolean;
  /** HEARKEN_NO_MODEL_DOWNLOAD=1. */
  noDownload: boolean;
  installedBasicModels: number;
  /** The basic model users should get, when one can be downloaded. */
  candidate: string | undefined;
  lastFailure: DownloadFailure | undefined;
  modelsDir: string;
  nowMs: number;
}): SpeechSetup {
  if (facts.configured || facts.installedBasicModels > 0 || !facts.candidate) return { kind: 'ready' };
  const model = facts.candidate;
  const retry = `npm run models:download -- ${model}`;
  if (facts.noDownload)
    return {
      kind: 'skip',
      say: `Speech: the system PocketSphinx engine (${model} is not installed; ${retry} installs it).`,
    };
  const failure = facts.lastFailure?.model === model ? facts.lastFailure : undefined;
  if (failure && facts.nowMs - failure.atMs < MODEL_RETRY_AFTER_MS) {
    const when = new Date(failure.atMs).toISOString().slice(0, 16).replace('T', ' ');
    return {
      kind: 'skip',
      say:
        `Speech: the system PocketSphinx engine (lower accuracy). The ${model} model could not be ` +
        `downloaded at ${when} UTC (${failure.message}); ${retry} tries again.`,
    };
  }
  return {
    kind: 'download',
    model,
    say: failure
      ? `Trying again to download the ${model} speech model into ${facts.modelsDir}`
      : `First run: downloading the ${model} speech model into ${facts.modelsDir}`,
  };
}

/** Keeps the last lines written, so a server that died can be explained after its output scrolled. */
export class LineTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly max = 20) {}

  push(chunk: string): void {
    const parts = (this.partial + chunk).split('\n');
    this.partial = parts.pop() ?? '';
    for (const line of parts) if (line.trim()) this.lines.push(line);
    this.lines.splice(0, Math.max(0, this.lines.length - this.max));
  }

  get text(): string[] {
    return this.partial.trim() ? [...this.lines, this.partial].slice(-this.max) : [...this.lines];
  }
}

/** A server that stayed up this long after it was ready was healthy: its death starts the backoff over. */
export const STABLE_UPTIME_MS = 60_000;
export const FIRST_RESTART_DELAY_MS = 1_000;
export const MAX_RESTART_DELAY_MS = 30_000;
/** Restarts in a row, each of a server that died soon after it was ready, before npm start gives up. */
export const MAX_QUICK_RESTARTS = 5;

/** Deaths so far of servers that did not stay up STABLE_UPTIME_MS (0 after a stable run). */
export interface RestartState {
  quickDeaths: number;
}

export type AfterDeath =
  | { kind: 'restart'; delayMs: number; restart: number }
  /** never-ready: it died starting (its configuration or machine needs a person); crash-loop: it keeps dying. */
  | { kind: 'give-up'; reason: 'never-ready' | 'crash-loop' };

/**
 * What `npm start` does when the server ended by itself: a server that had started is started
 * again after a delay that doubles with each quick death (1 s, 2 s, 4 s... at most 30 s), and
 * starts over at 1 s after one that ran a minute; one that never finished starting, or that died
 * soon after starting MAX_QUICK_RESTARTS times in a row, is not (npm start exits with a failure).
 */
export function afterServerDied(
  state: RestartState,
  run: { ready: boolean; uptimeMs: number },
): { state: RestartState; next: AfterDeath } {
  if (!run.ready) return { state, next: { kind: 'give-up', reason: 'never-ready' } };
  const quickDeaths = run.uptimeMs >= STABLE_UPTIME_MS ? 1 : state.quickDeaths + 1;
  if (quickDeaths > MAX_QUICK_RESTARTS)
    return { state: { quickDeaths }, next: { kind: 'give-up', reason: 'crash-loop' } };
  const delayMs = Math.min(MAX_RESTART_DELAY_MS, FIRST_RESTART_DELAY_MS * 2 ** (quickDeaths - 1));
  return { state: { quickDeaths }, next: { kind: 'restart', delayMs, restart: quickDeaths } };
}

/** What to say when the server ended although nobody asked it to stop, and what happens next. */
export function serverDiedReport(
  code: number | null,
  signal: string | null,
  lastErrors: string[],
  next: AfterDeath = { kind: 'give-up', reason: 'never-ready' },
): string {
  const how = signal ? `was stopped by ${signal}` : `exited with code ${code ?? 'unknown'}`;
  const tail = lastErrors.length
    ? `\nIts last error output:\n  ${lastErrors.join('\n  ')}`
    : '\nIt wrote no error output; run with HEARKEN_LOG_LEVEL=debug to see more.';
  const then =
    next.kind === 'restart'
      ? `Restarting it in ${Math.round(next.delayMs / 1000)} s (restart ${next.restart} in a row; ` +
        `npm start gives up after ${MAX_QUICK_RESTARTS} restarts that each die within a minute).`
      : next.reason === 'crash-loop'
        ? `It died within a minute of starting ${MAX_QUICK_RESTARTS + 1} times in a row: npm start is stopping too.`
        : 'npm start is stopping too.';
  return `\nThe Hearken server ${how}, without being asked to stop.${tail}\n${then}`;
}

/** The exit status of `npm start` after the server ended: its failure, or success when asked to stop. */
export function launcherExitCode(askedToStop: boolean, code: number | null): number {
  if (askedToStop) return 0;
  return code && code !== 0 ? code : 1;
}
