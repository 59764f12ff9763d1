import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectAvaId } from '../../identity/selectors';
import { recapActions } from '../slice';
import '../recap.css';
import { CaptionQuality } from './CaptionQuality';
import { ShareLink } from './ShareLink';
import { SmartRecap } from './SmartRecap';
import { WordStatistics } from './WordStatistics';

/**
 * What the transcript page of a finished conversation adds above its lines: the recap, the word
 * statistics, the caption quality report, and for its host the read-only link.
 */
export function AfterConversationReports({ roomId }: { roomId: string }) {
  const dispatch = useAppDispatch();
  const transcript = useAppSelector((s) => s.transcript);
  const avaId = useAppSelector(selectAvaId);
  const loaded = transcript.status === 'loaded' && transcript.roomId === roomId;
  const ended = transcript.room?.state.value === 'ended';
  const host = avaId !== undefined && transcript.room?.host.avaId === avaId;
  useEffect(() => {
    if (loaded && ended) dispatch(recapActions.opened({ roomId, host }));
  }, [dispatch, loaded, ended, roomId, host]);
  if (!loaded) return null;
  return (
    <div className="recap-reports">
      {ended && <SmartRecap />}
      <WordStatistics transcripts={transcript.transcripts} wordStats={transcript.wordStats} />
      {ended && <CaptionQuality />}
      {ended && host && <ShareLink roomId={roomId} />}
    </div>
  );
}
