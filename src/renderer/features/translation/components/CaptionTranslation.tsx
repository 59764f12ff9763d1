import { useTranslation } from 'react-i18next';
import type { Transcript } from '../../../../shared/entities';
import { useAppSelector } from '../../../app/hooks';
import { captionReading } from '../reading';
import { EmphasisedText } from '../../keyword-emphasis/components/EmphasisedText';
import { selectReadingLang, selectShowOriginal } from '../selectors';
import { type TextRun, correctedRuns, withTentativeTail } from '../../captions/corrected-words';

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
        {reading.original === undefined ? (
          <CorrectedText
            transcript={transcript}
            text={reading.text}
            lang={reading.lang}
            firmChars={reading.firmChars ?? reading.text.length}
          />
        ) : (
          <EmphasisedText text={reading.text} lang={reading.lang} />
        )}
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

/**
 * The line in its own language with the words people corrected marked (`highlighted` counts in
 * the original's characters, so a translation is shown unmarked). `<mark>` plus an underline in
 * CSS: the mark is not colour alone, and screen readers that announce highlights say so.
 * The recogniser's tentative tail (after `firmChars`) is dimmed, in the same font so nothing moves
 * when it becomes firm, and hidden from screen readers: they are told firm words only.
 */
function CorrectedText({
  transcript,
  text,
  lang,
  firmChars,
}: {
  transcript: Transcript;
  text: string;
  lang: string;
  firmChars: number;
}) {
  const runs = withTentativeTail(correctedRuns(text, transcript.highlighted), firmChars);
  const firm = runs.filter((run) => !run.tentative);
  const tail = runs.filter((run) => run.tentative);
  return (
    <>
      {firm.map((run, i) => (
        <Run key={i} run={run} lang={lang} />
      ))}
      {tail.length > 0 ? (
        <span className="caption-tentative" data-testid="caption-tentative" aria-hidden="true">
          {tail.map((run, i) => (
            <Run key={i} run={run} lang={lang} />
          ))}
        </span>
      ) : null}
    </>
  );
}

function Run({ run, lang }: { run: TextRun; lang: string }) {
  return run.corrected ? (
    <mark className="caption-corrected-word" data-testid="caption-corrected-word">
      <EmphasisedText text={run.text} lang={lang} />
    </mark>
  ) : (
    <EmphasisedText text={run.text} lang={lang} />
  );
}
