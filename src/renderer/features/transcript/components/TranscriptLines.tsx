import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/entities';
import { transcriptLineAnchor } from '../../../../shared/recap/smart-recap';
import { useAppSelector } from '../../../app/hooks';
import { captionReading } from '../../translation/reading';
import { selectReadingLang, selectShowOriginal } from '../../translation/selectors';
import { GapNote } from '../../captions/components/GapNote';
import { selectFontSizePx, selectLanguage } from '../../settings/selectors';
import { clockTimeFormat } from '../../../../shared/clock-time';

/** A line in the language its reader reads captions in, when the room translated it for them. */
function TranscriptText({ line, readingLang }: { line: Transcript; readingLang: string | null }) {
  const reading = captionReading(line, readingLang);
  const showOriginal = useAppSelector(selectShowOriginal);
  return (
    <span className="transcript-text" lang={reading.lang || undefined}>
      {reading.text}
      {reading.original !== undefined && showOriginal ? (
        <span className="transcript-original" lang={line.speechLang || undefined}>
          {reading.original}
        </span>
      ) : null}
    </span>
  );
}

/**
 * A finished conversation's lines, each with its time and speaker. Each line has an id
 * (transcriptLineAnchor) that the recap's points link to; it takes focus when reached that way.
 */
export function TranscriptLines({ lines }: { lines: readonly Transcript[] }) {
  const { t } = useTranslation();
  const fontSize = useAppSelector(selectFontSizePx);
  const language = useAppSelector(selectLanguage);
  const readingLang = useAppSelector(selectReadingLang);
  const time = useMemo(() => clockTimeFormat(language), [language]);
  return (
    <ol className="transcript-lines" style={{ fontSize: `${fontSize}px` }} data-testid="transcript-lines">
      {lines.map((line) => (
        <li
          key={line.id}
          id={transcriptLineAnchor(line.index)}
          tabIndex={-1}
          className="transcript-line"
          data-testid="transcript-line"
          data-author={line.authorShow}
        >
          <time className="transcript-time" dateTime={new Date(line.timestampMs).toISOString()}>
            {time.format(line.timestampMs)}
          </time>{' '}
          <span className="transcript-speaker">{line.authorShow || t('captions.unknownSpeaker')}</span>{' '}
          {line.gap ? (
            <span className="transcript-text">
              <GapNote gap={line.gap} author={line.authorShow || t('captions.unknownSpeaker')} />
            </span>
          ) : (
            <TranscriptText line={line} readingLang={readingLang} />
          )}
        </li>
      ))}
    </ol>
  );
}
