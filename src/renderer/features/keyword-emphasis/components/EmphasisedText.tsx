import { useMemo } from 'react';
import { emphasisSegments } from '../../../../shared/keyword-emphasis';
import { useAppSelector } from '../../../app/hooks';
import { selectKeywordEmphasis } from '../../settings/selectors';
import '../keyword-emphasis.css';

/**
 * A caption's text, with names, numbers and rare words in bold when the reader turned keyword
 * emphasis on (shared/keyword-emphasis.ts). `<b>`: HTML's element for keywords set apart without
 * extra importance, so screen readers read the line as it is.
 */
export function EmphasisedText({ text, lang }: { text: string; lang?: string }) {
  const on = useAppSelector(selectKeywordEmphasis);
  const segments = useMemo(() => (on ? emphasisSegments(text, lang) : undefined), [on, text, lang]);
  if (!segments) return <>{text}</>;
  return (
    <>
      {segments.map((segment, i) =>
        segment.emphasis ? (
          <b key={i} className="caption-keyword" data-testid="caption-keyword">
            {segment.text}
          </b>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
