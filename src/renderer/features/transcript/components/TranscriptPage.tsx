import { Callout, H1 } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingLine } from '../../../lib/LoadingLine';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { StartConversationButton } from '../../lobby/components/StartConversationButton';
import { SessionGate } from '../../identity/components/SessionGate';
import { selectLanguage } from '../../settings/selectors';
import { selectTranscript, selectTranscriptLines } from '../selectors';
import { transcriptActions } from '../slice';
import { TranscriptExport } from './TranscriptExport';
import { TranscriptLines } from './TranscriptLines';
import { AfterConversationReports } from '../../recap/components/AfterConversationReports';
import { ROUTES } from '../../../../shared/routes';
import { AfterConversation } from '../../ending/components/AfterConversation';
import { ReportProblemButton } from '../../problem-reports';

function TranscriptBody({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const transcript = useAppSelector(selectTranscript);
  const lines = useAppSelector(selectTranscriptLines);
  const language = useAppSelector(selectLanguage);
  const date = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }),
    [language],
  );

  useEffect(() => {
    dispatch(transcriptActions.opened(roomId));
  }, [dispatch, roomId]);

  if (transcript.roomId !== roomId || transcript.status === 'loading' || transcript.status === 'idle') {
    return <LoadingLine label={t('transcript.loading')} />;
  }
  if (transcript.status === 'failed') {
    return (
      <Callout intent="danger" role="alert" className="page-callout">
        {t('transcript.failed', { message: transcript.error ?? '' })}
      </Callout>
    );
  }
  const room = transcript.room;
  return (
    <>
      {room?.title ? <p className="lead transcript-title">{room.title}</p> : null}
      {room?.startTimestampMs ? (
        <p className="field-help">
          {t('transcript.startedAt', { date: date.format(room.startTimestampMs) })}
        </p>
      ) : null}
      <AfterConversationReports roomId={roomId} />
      {lines.length > 0 ? <TranscriptExport /> : null}
      {lines.length === 0 ? <p>{t('transcript.empty')}</p> : <TranscriptLines lines={lines} />}
    </>
  );
}

/** /web/transcript?roomId=...: the final captions of a conversation that ended. */
export function TranscriptPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('transcript.title'));
  const [params] = useSearchParams();
  const roomId = params.get('roomId');
  return (
    <div className="page transcript-page" data-testid="transcript-view">
      <H1>{t('transcript.heading')}</H1>
      <SessionGate>
        {roomId ? <TranscriptBody roomId={roomId} /> : <p>{t('transcript.noRoom')}</p>}
        {roomId && <AfterConversation roomId={roomId} />}
        <div className="page-actions">
          <StartConversationButton label={t('transcript.newConversation')} testId="new-conversation" />
          <ReportProblemButton roomId={roomId ?? undefined} />
          <Link to={ROUTES.conversations}>{t('transcript.back')}</Link>
        </div>
      </SessionGate>
    </div>
  );
}
