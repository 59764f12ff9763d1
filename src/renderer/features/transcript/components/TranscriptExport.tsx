import { Button, ButtonGroup, H2 } from '@blueprintjs/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMAT_IDS } from '../../../../shared/transcript-export/formats';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { type ExportAction, transcriptActions } from '../slice';

/**
 * Taking a transcript away: copy it as text, or download it as text, Markdown, subtitles (SRT,
 * WebVTT), Word or JSON. What happened is said in a polite live region beside the buttons, so a
 * screen reader hears that the copy or download worked, or why not.
 */
export function TranscriptExport() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const progress = useAppSelector((state) => state.transcript.exporting);
  const headingId = useId();
  const name = (action: ExportAction) =>
    action === 'copy' ? t('transcript.export.copy') : t(`transcript.export.formats.${action}`);
  const working = (action: ExportAction) => progress?.action === action && progress.state === 'working';

  let status = '';
  if (progress?.state === 'working') status = t('transcript.export.working', { what: name(progress.action) });
  else if (progress?.state === 'done')
    status =
      progress.action === 'copy'
        ? t('transcript.export.copied')
        : t('transcript.export.downloaded', { what: name(progress.action) });
  else if (progress?.state === 'failed')
    status =
      progress.action === 'copy'
        ? t('transcript.export.copyFailed', { message: progress.message ?? '' })
        : t('transcript.export.failed', { what: name(progress.action), message: progress.message ?? '' });

  return (
    <section className="transcript-export" aria-labelledby={headingId} data-testid="transcript-export">
      <H2 id={headingId} className="transcript-export-heading">
        {t('transcript.export.heading')}
      </H2>
      <div className="transcript-export-actions">
        <Button
          icon="clipboard"
          loading={working('copy')}
          onClick={() => dispatch(transcriptActions.copyRequested())}
          data-testid="export-copy"
        >
          {t('transcript.export.copy')}
        </Button>
        <ButtonGroup
          role="group"
          aria-label={t('transcript.export.download')}
          className="transcript-export-formats"
        >
          {EXPORT_FORMAT_IDS.map((format) => (
            <Button
              key={format}
              icon="download"
              loading={working(format)}
              onClick={() => dispatch(transcriptActions.exportRequested(format))}
              data-testid={`export-${format}`}
            >
              {t(`transcript.export.formats.${format}`)}
            </Button>
          ))}
        </ButtonGroup>
      </div>
      <p
        role="status"
        className={progress?.state === 'failed' ? 'field-problem' : 'field-help'}
        data-testid="export-status"
      >
        {status}
      </p>
    </section>
  );
}
