import { useTranslation } from 'react-i18next';
import { CAPTION_DELAY_WARNING_MS } from '../../../../shared/caption-delay';
import { useAppSelector } from '../../../app/hooks';
import '../caption-delay.css';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

/**
 * The live caption delay, quiet by default: a small badge with the last minute's median (and
 * p95 in words), not a live region, so a screen reader is not told every second. Past the
 * recommended maximum the badge turns to a warning, and the warning alone is announced, once,
 * in words that do not change while it lasts (a number in a live region would be re-read).
 */
export function CaptionDelayBadge() {
  const { t } = useTranslation();
  const { summary, tooLong } = useAppSelector((state) => state.captionDelay);
  const limit = String(CAPTION_DELAY_WARNING_MS / 1000);
  return (
    <>
      {summary ? (
        <p
          className={`status-badge caption-delay${tooLong ? ' caption-delay--late' : ''}`}
          data-testid="caption-delay"
          data-median-ms={summary.medianMs}
          data-p95-ms={summary.p95Ms}
          data-late={tooLong ? 'true' : 'false'}
        >
          <span className="status-badge-label">
            {tooLong ? t('readingAids.delay.late') : t('readingAids.delay.label')}
          </span>{' '}
          <strong>{t('readingAids.delay.value', { seconds: seconds(summary.medianMs) })}</strong>{' '}
          <span className="caption-delay-p95">
            {t('readingAids.delay.p95', { seconds: seconds(summary.p95Ms) })}
          </span>
        </p>
      ) : null}
      <div role="status" className="visually-hidden" data-testid="caption-delay-warning">
        {tooLong ? t('readingAids.delay.warning', { seconds: limit }) : ''}
      </div>
    </>
  );
}
