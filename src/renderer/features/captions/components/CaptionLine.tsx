import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/entities';
import { captionText } from '../model';

/**
 * One caption: who spoke and what they said. A partial (still being recognised) is drawn
 * apart (italic, dimmer) and says so to screen readers; only finals are announced, elsewhere.
 */
export const CaptionLine = memo(function CaptionLine({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation();
  const author = transcript.authorShow || t('captions.unknownSpeaker');
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
      <span className="caption-author">{author}</span>{' '}
      <span className="caption-text" data-testid="caption-text">
        {captionText(transcript)}
      </span>
      {transcript.isFinal ? null : <span className="visually-hidden"> {t('captions.partial')}</span>}
    </li>
  );
});
