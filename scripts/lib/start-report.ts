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

/** What to say when the server ended although nobody asked it to stop. */
export function serverDiedReport(code: number | null, signal: string | null, lastErrors: string[]): string {
  const how = signal ? `was stopped by ${signal}` : `exited with code ${code ?? 'unknown'}`;
  const tail = lastErrors.length
    ? `\nIts last error output:\n  ${lastErrors.join('\n  ')}`
    : '\nIt wrote no error output; run with HEARKEN_LOG_LEVEL=debug to see more.';
  return `\nThe Hearken server ${how}, without being asked to stop.${tail}\nnpm start is stopping too.`;
}

/** The exit status of `npm start` after the server ended: its failure, or success when asked to stop. */
export function launcherExitCode(askedToStop: boolean, code: number | null): number {
  if (askedToStop) return 0;
  return code && code !== 0 ? code : 1;
}
