import { Button, Callout, H1, Spinner } from '@blueprintjs/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { captionReading } from '../../translation/reading';
import { selectReadingLang, selectShowOriginal } from '../../translation/selectors';
import type { Transcript } from '../../../../shared/entities';
import { GapNote } from '../../captions/components/GapNote';
import { lobbyActions } from '../../lobby/slice';
import { SessionGate } from '../../identity/components/SessionGate';
import { selectFontSizePx, selectLanguage } from '../../settings/selectors';
import { selectTranscript, selectTranscriptLines } from '../selectors';
import { transcriptActions } from '../slice';
import { TranscriptExport } from './TranscriptExport';
import { ROUTES } from '../../../../shared/routes';
import { AfterConversation } from '../../ending/components/AfterConversation';

/** A line in the language its reader reads captions in, when the room translated it for them. */
function TranscriptText({ line, readingLang }: { line: Transcript; readingLang: string | null }) {
  const reading = captionReading(line, readingLang);
  const showOriginal = useAppSelector(selectShowOriginal);
  return (
    <span className="transcript-text" lang={reading.lang || undefined}>
      {reading.text}
      {reading.original !== undefined && showOriginal ? (
        <span className="transcript-original" lang={line.speechLang || undefined}>
          {reading.original}
        </span>
      ) : null}
    </span>
  );
}

function TranscriptBody({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const transcript = useAppSelector(selectTranscript);
  const lines = useAppSelector(selectTranscriptLines);
  const fontSize = useAppSelector(selectFontSizePx);
  const language = useAppSelector(selectLanguage);
  const readingLang = useAppSelector(selectReadingLang);
  const time = useMemo(() => new Intl.DateTimeFormat(language, { timeStyle: 'medium' }), [language]);
  const date = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'short' }),
    [language],
  );

  useEffect(() => {
    dispatch(transcriptActions.opened(roomId));
  }, [dispatch, roomId]);

  if (transcript.roomId !== roomId || transcript.status === 'loading' || transcript.status === 'idle') {
    return (
      <div role="status" className="loading-line">
        <Spinner size={20} aria-hidden />
        <span>{t('transcript.loading')}</span>
      </div>
    );
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
      {lines.length > 0 ? <TranscriptExport /> : null}
      {lines.length === 0 ? (
        <p>{t('transcript.empty')}</p>
      ) : (
        <ol className="transcript-lines" style={{ fontSize: `${fontSize}px` }} data-testid="transcript-lines">
          {lines.map((line) => (
            <li
              key={line.id}
              className="transcript-line"
              data-testid="transcript-line"
              data-author={line.authorShow}
            >
              <time className="transcript-time" dateTime={new Date(line.timestampMs).toISOString()}>
                {time.format(line.timestampMs)}
              </time>{' '}
              <span className="transcript-speaker">{line.authorShow || t('captions.unknownSpeaker')}</span>{' '}
              {line.gap ? (
                <span className="transcript-text">
                  <GapNote gap={line.gap} author={line.authorShow || t('captions.unknownSpeaker')} />
                </span>
              ) : (
                <TranscriptText line={line} readingLang={readingLang} />
              )}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** /web/transcript?roomId=...: the final captions of a conversation that ended. */
export function TranscriptPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
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
          <Button
            intent="primary"
            size="large"
            data-testid="new-conversation"
            onClick={() => dispatch(lobbyActions.startRequested())}
          >
            {t('transcript.newConversation')}
          </Button>
          <Link to={ROUTES.conversations}>{t('transcript.back')}</Link>
        </div>
      </SessionGate>
    </div>
  );
}
