import { useTranslation } from 'react-i18next';
import type { TranscriptGap } from '../../../../shared/entities';
import { clockTimeFormat } from '../../../../shared/clock-time';

/** Clock times of a gap in the reader's language (the times are the server's, shown locally), as every clock time is written (shared/clock-time.ts). */
export function gapTimes(gap: TranscriptGap, locale: string): { from: string; to: string } {
  const format = clockTimeFormat(locale);
  return { from: format.format(gap.fromMs), to: format.format(gap.toMs) };
}

/** "No captions from 10:02:15 to 10:02:40: Hana's connection was lost." */
export function GapNote({ gap, author }: { gap: TranscriptGap; author: string }) {
  const { t, i18n } = useTranslation();
  const { from, to } = gapTimes(gap, i18n.language);
  return (
    <span className="caption-gap" data-testid="caption-gap">
      {t('captions.gap', { author, from, to })}
    </span>
  );
}
