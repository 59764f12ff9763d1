import { AnchorButton, Callout, H1, H2 } from '@blueprintjs/core';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { RECAP_API } from '../../../../shared/recap/api';
import { EXPORT_FORMAT_IDS } from '../../../../shared/transcript-export/formats';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectLanguage } from '../../settings/selectors';
import { TranscriptLines } from '../../transcript/components/TranscriptLines';
import { finalTranscripts } from '../../transcript/model';
import { recapActions } from '../slice';
import { WordStatistics } from './WordStatistics';
import '../recap.css';

/** The reader's time zone, for the times an export writes (UTC when the browser does not say). */
function readerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function SharedBody({ token }: { token: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const shared = useAppSelector((s) => s.recap.shared);
  const language = useAppSelector(selectLanguage);
  const downloadsId = useId();
  const date = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }),
    [language],
  );
  useEffect(() => {
    dispatch(recapActions.sharedOpened(token));
  }, [dispatch, token]);
  const lines = useMemo(() => finalTranscripts(shared?.value?.transcripts ?? []), [shared?.value]);

  if (!shared || shared.token !== token || shared.status === 'loading') {
    return <LoadingLine label={t('recap.shared.loading')} />;
  }
  if (shared.status === 'failed' || !shared.value) {
    return (
      <Callout intent="danger" role="alert" className="page-callout" data-testid="shared-transcript-failed">
        {t('recap.shared.failed', { message: shared.error ?? '' })}
      </Callout>
    );
  }
  const { status } = shared.value;
  return (
    <>
      {status.title ? <p className="lead transcript-title">{status.title}</p> : null}
      <p className="field-help">
        {status.startTimestampMs
          ? `${t('transcript.startedAt', { date: date.format(status.startTimestampMs) })} `
          : ''}
        {t('recap.shared.readOnly', { host: status.host.avaName })}
      </p>
      <WordStatistics transcripts={lines} />
      <section className="transcript-export" aria-labelledby={downloadsId}>
        <H2 id={downloadsId} className="transcript-export-heading">
          {t('recap.shared.download')}
        </H2>
        <div className="transcript-export-actions">
          {EXPORT_FORMAT_IDS.map((format) => (
            <AnchorButton
              key={format}
              icon="download"
              href={RECAP_API.sharedTranscriptExport(token, {
                format,
                ui: language,
                timeZone: readerTimeZone(),
              })}
              download
              data-testid={`shared-export-${format}`}
            >
              {t(`transcript.export.formats.${format}`)}
            </AnchorButton>
          ))}
        </div>
      </section>
      {lines.length === 0 ? <p>{t('transcript.empty')}</p> : <TranscriptLines lines={lines} />}
    </>
  );
}

/**
 * /web/shared-transcript?token=…: a finished transcript opened by the read-only link its host
 * shared. It needs no sign-in and sends no identity: the token is the only proof, and the page only
 * reads.
 */
export function SharedTranscriptPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('recap.shared.title'));
  const [params] = useSearchParams();
  const token = params.get('token');
  return (
    <div className="page transcript-page" data-testid="shared-transcript-view">
      <H1>{t('recap.shared.heading')}</H1>
      {token ? <SharedBody token={token} /> : <p>{t('recap.shared.noToken')}</p>}
    </div>
  );
}
