import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/entities';
import { GapNote } from './GapNote';
import { LineSpeaker } from '../../speakers/components/LineSpeaker';
import { CaptionTranslation } from '../../translation/components/CaptionTranslation';

/**
 * One caption: who spoke (shown when the speaker changes) and what they said. A partial (still being recognised) is drawn
 * apart (italic, dimmer) and says so to screen readers; only finals are announced, elsewhere.
 */
export const CaptionLine = memo(function CaptionLine({
  transcript,
  showAuthor = true,
}: {
  transcript: Transcript;
  /** The same speaker as the line before: the name is only for screen readers. */
  showAuthor?: boolean;
}) {
  const { t } = useTranslation();
  const author = transcript.authorShow || t('captions.unknownSpeaker');
  if (transcript.gap) {
    return (
      <li className="caption caption--gap" data-testid="caption" data-final="true" data-id={transcript.id}>
        <GapNote gap={transcript.gap} author={author} />
      </li>
    );
  }
  return (
    <li
      className={transcript.isFinal ? 'caption' : 'caption caption--partial'}
      data-testid="caption"
      data-final={transcript.isFinal ? 'true' : 'false'}
      data-author={transcript.authorShow}
      data-author-id={transcript.author}
      data-id={transcript.id}
      lang={transcript.speechLang || undefined}
    >
      <LineSpeaker line={transcript} label={author} shown={showAuthor} />{' '}
      <CaptionTranslation transcript={transcript} />
      {transcript.isFinal ? null : <span className="visually-hidden"> {t('captions.partial')}</span>}
      {transcript.highlighted?.length ? (
        <span className="caption-corrected" data-testid="caption-corrected">
          {' '}
          {t('editing.correctedLine')}
        </span>
      ) : null}
      {transcript.late ? (
        <span
          className="caption-late"
          data-testid="caption-late"
          title={t('captions.lateExplained', { author })}
        >
          {' '}
          {t('captions.late')}
        </span>
      ) : null}
      {transcript.origin === 'human' && !transcript.asr ? (
        <span className="caption-typed"> {t('captions.typed')}</span>
      ) : null}
    </li>
  );
});
