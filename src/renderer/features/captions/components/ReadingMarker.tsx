import { Button } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import '../reading-marker.css';

/** The line after which the reader stopped: a quiet rule across the captions, with words for screen readers. */
export function ReadingMarkerLine() {
  const { t } = useTranslation();
  return (
    <li className="reading-marker" data-testid="reading-marker">
      <span className="reading-marker-label">{t('readingAids.marker.label')}</span>
    </li>
  );
}

/** "N new lines since you stopped reading": takes the reader (and the keyboard) back to the marker. */
export function NewSinceButton({ count, onClick }: { count: number; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button className="new-since" data-testid="new-since" data-count={count} onClick={onClick}>
      {t('readingAids.marker.newSince', { count })}
    </Button>
  );
}
