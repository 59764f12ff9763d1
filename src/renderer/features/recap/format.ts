/** How the recap's figures are written for a reader, in their interface language. */

/** "2 min 5 s" or "45 s" (Intl's own unit words for the language). */
export function formatDuration(ms: number, language: string): string {
  const total = Math.round(ms / 1000);
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const unit = (value: number, u: 'minute' | 'second') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: u, unitDisplay: 'short' }).format(value);
  return minutes > 0 ? `${unit(minutes, 'minute')} ${unit(seconds, 'second')}` : unit(seconds, 'second');
}

/** Seconds with one decimal: 1234 ms -> "1.2" (or "1,2"). */
export function formatSeconds(ms: number, language: string): string {
  return new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    ms / 1000,
  );
}

export function formatPercent(fraction: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1 }).format(fraction);
}
