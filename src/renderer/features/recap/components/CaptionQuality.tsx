import { H2 } from '@blueprintjs/core';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { selectLanguage } from '../../settings/selectors';
import { formatPercent, formatSeconds } from '../format';

/** The caption quality report, as a description list: each figure with its name. */
export function CaptionQuality() {
  const { t } = useTranslation();
  const quality = useAppSelector((s) => s.recap.quality);
  const language = useAppSelector(selectLanguage);
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  const headingId = useId();
  if (!quality) return null;
  const report = quality.value;
  return (
    <section
      className="recap-section"
      aria-labelledby={headingId}
      aria-busy={quality.status === 'loading'}
      data-testid="caption-quality"
    >
      <H2 id={headingId}>{t('recap.quality.heading')}</H2>
      {quality.status === 'loading' && <LoadingLine label={t('recap.quality.loading')} spinnerSize={16} />}
      {quality.status === 'failed' && (
        <p role="alert" className="field-problem">
          {t('recap.quality.failed', { message: quality.error ?? '' })}
        </p>
      )}
      {report && (
        <dl className="recap-figures">
          <dt>{t('recap.quality.recognisedWords')}</dt>
          <dd data-testid="quality-recognised-words">{number.format(report.recognisedWords)}</dd>
          <dt>{t('recap.quality.correctedWords')}</dt>
          <dd data-testid="quality-corrected-words">
            {report.correctionsAvailable
              ? number.format(report.correctedWords)
              : t('recap.quality.correctionsUnavailable')}
          </dd>
          {report.wordErrorRate !== null && (
            <>
              <dt>{t('recap.quality.wordErrorRate')}</dt>
              {/* Nobody corrected anything: a rate of 0% would read as perfect captions. */}
              <dd data-testid="quality-word-error-rate">
                {report.correctedWords === 0
                  ? t('recap.quality.noCorrections')
                  : formatPercent(report.wordErrorRate, language)}
              </dd>
            </>
          )}
          <dt>{t('recap.quality.delay')}</dt>
          <dd data-testid="quality-delay">
            {report.delay
              ? t('recap.quality.delayValue', {
                  median: formatSeconds(report.delay.medianMs, language),
                  p95: formatSeconds(report.delay.p95Ms, language),
                  lines: report.delay.lines,
                })
              : t('recap.quality.noDelay')}
            <br />
            <span className="field-help">{t('recap.quality.delayNote')}</span>
          </dd>
          <dt>{t('recap.quality.engines')}</dt>
          <dd data-testid="quality-engines">
            {report.engines.length === 0 ? (
              t('recap.quality.noEngine')
            ) : (
              <ul className="recap-engines">
                {report.engines.map((e) => (
                  <li key={`${e.engine}-${e.tier}`}>
                    {t('recap.quality.engineValue', {
                      engine: e.engine,
                      tier: t(`recap.quality.tiers.${e.tier}`),
                      words: number.format(e.words),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </dl>
      )}
    </section>
  );
}
