import { H2, HTMLTable } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/entities';
import {
  type ConversationWordStats,
  wordStats as speakerWordStats,
} from '../../../../shared/recap/word-stats';
import { useAppSelector } from '../../../app/hooks';
import { selectLanguage } from '../../settings/selectors';
import { formatDuration } from '../format';

/**
 * Words per speaker, speaking time and words per minute, as a real table (caption, column and
 * row headers) so a screen reader reads each figure with its speaker and column.
 */
export function WordStatistics({
  transcripts,
  wordStats,
}: {
  transcripts: readonly Transcript[];
  /** The spec's word stats for the person reading (none on a shared link: nobody is "you"). */
  wordStats?: ConversationWordStats;
}) {
  const { t } = useTranslation();
  const language = useAppSelector(selectLanguage);
  const headingId = useId();
  const stats = useMemo(() => speakerWordStats(transcripts), [transcripts]);
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  if (stats.speakers.length === 0) return null;
  const rate = (value: number | null) =>
    value === null ? (
      <span aria-label={t('recap.stats.noRateLabel')}>{t('recap.stats.noRate')}</span>
    ) : (
      number.format(value)
    );
  return (
    <section className="recap-section" aria-labelledby={headingId} data-testid="word-statistics">
      <H2 id={headingId}>{t('recap.stats.heading')}</H2>
      <HTMLTable compact striped className="recap-table">
        <caption>{t('recap.stats.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('recap.stats.speaker')}</th>
            <th scope="col">{t('recap.stats.words')}</th>
            <th scope="col">{t('recap.stats.speakingTime')}</th>
            <th scope="col">{t('recap.stats.rate')}</th>
          </tr>
        </thead>
        <tbody>
          {stats.speakers.map((s) => (
            <tr key={s.author} data-testid="word-statistics-row">
              <th scope="row">{s.name || t('captions.unknownSpeaker')}</th>
              <td>{number.format(s.words)}</td>
              <td>{formatDuration(s.speakingMs, language)}</td>
              <td>{rate(s.wordsPerMinute)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('recap.stats.total')}</th>
            <td>{number.format(stats.totalWords)}</td>
            <td>{formatDuration(stats.totalSpeakingMs, language)}</td>
            <td>{rate(stats.wordsPerMinute)}</td>
          </tr>
        </tfoot>
      </HTMLTable>
      <p className="field-help">{t('recap.stats.typedNote')}</p>
      {wordStats && (
        <HTMLTable compact striped className="recap-table" data-testid="word-stats-you-group">
          <caption>{t('recap.stats.yoursCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('recap.stats.who')}</th>
              <th scope="col">{t('recap.stats.typed')}</th>
              <th scope="col">{t('recap.stats.captured')}</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{t('recap.stats.you')}</th>
              <td>{number.format(wordStats.wordsTypedYou)}</td>
              <td>{number.format(wordStats.wordsCapturedYou)}</td>
            </tr>
            <tr>
              <th scope="row">{t('recap.stats.group')}</th>
              <td>{number.format(wordStats.wordsTypedGroup)}</td>
              <td>{number.format(wordStats.wordsCapturedGroup)}</td>
            </tr>
          </tbody>
        </HTMLTable>
      )}
    </section>
  );
}
