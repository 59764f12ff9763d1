/**
 * Download progress for people: a bar redrawn in place on a terminal, plain lines every few
 * seconds otherwise (CI logs, pipes), where a redrawn bar would be hundreds of lines of noise.
 * Formatting is pure; the reporter only decides when to write.
 */

export interface ProgressState {
  /** Bytes of the archive on disk, resumed bytes included. */
  receivedBytes: number;
  /** Archive size, when the server or the registry says it. */
  totalBytes?: number;
  /** Bytes already on disk when this download started (a resumed download). */
  startBytes: number;
  /** Time since this download started. */
  elapsedMs: number;
}

const MB = 1_000_000;

export function formatMegabytes(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

/** Bytes per second over this download (resumed bytes do not count: they took no time). */
export function downloadSpeed(state: ProgressState): number {
  if (state.elapsedMs <= 0) return 0;
  return ((state.receivedBytes - state.startBytes) * 1000) / state.elapsedMs;
}

function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  return m < 60
    ? `${m}m${String(s % 60).padStart(2, '0')}s`
    : `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}

/** One line: bar, percent, MB done of total, speed and time left (the parts that are known). */
export function formatProgress(state: ProgressState, barWidth = 24): string {
  const speed = downloadSpeed(state);
  const speedText = `${formatMegabytes(speed)}/s`;
  const total = state.totalBytes;
  if (!total || total <= 0) return `${formatMegabytes(state.receivedBytes)}  ${speedText}`;
  const fraction = Math.min(1, Math.max(0, state.receivedBytes / total));
  const filled = Math.round(fraction * barWidth);
  const bar = `[${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}]`;
  const percent = `${Math.floor(fraction * 100)}%`.padStart(4);
  const left = speed > 0 ? `  ${formatDuration((total - state.receivedBytes) / speed)} left` : '';
  return `${bar} ${percent}  ${formatMegabytes(state.receivedBytes)} / ${formatMegabytes(total)}  ${speedText}${left}`;
}

export interface ReporterOptions {
  isTTY: boolean;
  write: (text: string) => void;
  now?: () => number;
  /** Minimum time between two plain lines (non-TTY). */
  lineIntervalMs?: number;
  /** Minimum time between two redraws of the bar (TTY). */
  redrawIntervalMs?: number;
}

export interface ProgressReporter {
  update(state: ProgressState): void;
  /** Draws the last state and ends the line. */
  done(): void;
}

export function createProgressReporter(options: ReporterOptions): ProgressReporter {
  const now = options.now ?? (() => Date.now());
  const interval = options.isTTY ? (options.redrawIntervalMs ?? 100) : (options.lineIntervalMs ?? 5000);
  let lastWrite = -Infinity;
  let last: ProgressState | undefined;
  let lastDrawn: ProgressState | undefined;
  const draw = (state: ProgressState) => {
    options.write(options.isTTY ? `\r${formatProgress(state)}\u001b[K` : `${formatProgress(state)}\n`);
    lastDrawn = state;
  };
  return {
    update(state) {
      last = state;
      const t = now();
      if (t - lastWrite < interval) return;
      lastWrite = t;
      draw(state);
    },
    done() {
      if (last && last !== lastDrawn) draw(last);
      if (options.isTTY && lastDrawn) options.write('\n');
    },
  };
}
