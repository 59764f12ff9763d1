import { Callout } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { RatingForm } from '../../rating/components/RatingForm';

/**
 * What the transcript page adds once a conversation is over: for someone whose host ended it,
 * "The host ended the conversation" (said at once, as an alert), or for everyone, that it
 * reached its time limit; for everyone who was in it, the rating step.
 */
export function AfterConversation({ roomId }: { roomId: string }) {
  const { t } = useTranslation();
  const hostEnded = useAppSelector((s) => s.ending.hostEndedRoomId === roomId);
  const timeLimit = useAppSelector((s) => s.ending.timeLimitRoomId === roomId);
  const transcript = useAppSelector((s) => s.transcript);
  const loaded = transcript.status === 'loaded' && transcript.roomId === roomId;
  const ended = transcript.room?.state.value === 'ended';
  return (
    <>
      {timeLimit ? (
        <Callout intent="primary" role="alert" data-testid="time-limit-ended">
          {t('sessionLimits.ended')}
        </Callout>
      ) : (
        hostEnded && (
          <Callout intent="primary" role="alert" data-testid="host-ended">
            {t('history.hostEnded')}
          </Callout>
        )
      )}
      {loaded && ended && <RatingForm roomId={roomId} />}
    </>
  );
}
