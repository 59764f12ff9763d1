import { H2, H3 } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { transcriptLineAnchor } from '../../../../shared/recap/smart-recap';
import { useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';

/**
 * The smart recap: key points, each a link to its line in the transcript below, and keywords;
 * first of all, which method made it, so nobody takes this server's pick of sentences for a
 * model's summary or the other way round.
 */
export function SmartRecap() {
  const { t } = useTranslation();
  const recap = useAppSelector((s) => s.recap.recap);
  const headingId = useId();
  if (!recap) return null;
  const value = recap.value;
  return (
    <section
      className="recap-section"
      aria-labelledby={headingId}
      aria-busy={recap.status === 'loading'}
      data-testid="smart-recap"
    >
      <H2 id={headingId}>{t('recap.recap.heading')}</H2>
      {recap.status === 'loading' && <LoadingLine label={t('recap.recap.loading')} spinnerSize={16} />}
      {recap.status === 'failed' && (
        <p role="alert" className="field-problem">
          {t('recap.recap.failed', { message: recap.error ?? '' })}
        </p>
      )}
      {value && (
        <>
          <p className="field-help" data-testid="recap-method" data-method={value.method}>
            {value.method === 'language-model'
              ? t('recap.recap.methodModel', { model: value.model ?? '' })
              : t('recap.recap.methodExtractive')}
            {value.fallbackReason ? ` ${t('recap.recap.fallback', { reason: value.fallbackReason })}` : ''}
          </p>
          {value.points.length === 0 ? (
            <p>{t('recap.recap.empty')}</p>
          ) : (
            <>
              <H3 className="recap-subheading">{t('recap.recap.points')}</H3>
              <ol className="recap-points">
                {value.points.map((point, i) => (
                  <li key={`${point.transcriptId}-${i}`} data-testid="recap-point">
                    <a
                      href={`#${transcriptLineAnchor(point.index)}`}
                      title={t('recap.recap.goToLine')}
                      data-testid="recap-point-link"
                    >
                      {point.text}
                    </a>
                  </li>
                ))}
              </ol>
            </>
          )}
          {value.keywords.length > 0 && (
            <>
              <H3 className="recap-subheading">{t('recap.recap.keywords')}</H3>
              <ul className="recap-keywords" data-testid="recap-keywords">
                {value.keywords.map((k) => (
                  <li key={k}>{k}</li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
