import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/entities';
import { useAppSelector } from '../../../app/hooks';
import { captionReading } from '../reading';
import { EmphasisedText } from '../../keyword-emphasis/components/EmphasisedText';
import { selectReadingLang, selectShowOriginal } from '../selectors';

/**
 * A caption's words in the language its reader chose: the translation (with the original
 * beneath when asked), or the original, saying when the translation failed.
 */
export function CaptionTranslation({ transcript }: { transcript: Transcript }) {
  const { t } = useTranslation();
  const readingLang = useAppSelector(selectReadingLang);
  const showOriginal = useAppSelector(selectShowOriginal);
  const reading = captionReading(transcript, readingLang);
  return (
    <>
      <span className="caption-text" data-testid="caption-text" lang={reading.lang || undefined}>
        <EmphasisedText text={reading.text} lang={reading.lang} />
      </span>
      {reading.original !== undefined && showOriginal ? (
        <span
          className="caption-original"
          data-testid="caption-original"
          lang={transcript.speechLang || undefined}
        >
          {reading.original}
        </span>
      ) : null}
      {reading.failed ? (
        <span className="caption-translation-failed" data-testid="caption-translation-failed">
          {' '}
          {t('translation.failed')}
        </span>
      ) : null}
    </>
  );
}
