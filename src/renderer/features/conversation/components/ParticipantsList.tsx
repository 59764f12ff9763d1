import { Button, Card, H2, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { HostControls } from '../../host-controls/components/HostControls';
import { ParticipantHostMenu } from '../../host-controls/components/ParticipantHostMenu';
import { sessionLimitsActions } from '../../session-limits/actions';
import { selectIsHost, selectParticipants } from '../selectors';
import { formatDisplayName } from '../display-name';

export function ParticipantsList() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const participants = useAppSelector(selectParticipants);
  const isHost = useAppSelector(selectIsHost);
  const ongoing = useAppSelector((state) => state.conversation.status?.state.value === 'ongoing');
  return (
    <Card className="participants-card" elevation={1}>
      <section aria-labelledby="participants-heading">
        <H2 id="participants-heading">{t('participants.heading', { count: participants.length })}</H2>
        {participants.length <= 1 ? <p className="field-help">{t('participants.empty')}</p> : null}
        <ul className="participants-list" data-testid="participants">
          {participants.map((p) => (
            <li key={p.avaId} data-testid="participant" data-ava-id={p.avaId}>
              <span className="participant-name">{formatDisplayName(p, t)}</span>
              {p.isMe ? <span className="participant-me"> {t('participants.you')}</span> : null}
              {p.isHost ? <Tag>{t('participants.host')}</Tag> : null}
              {p.isSpeaking ? (
                <Tag intent="success">{t('participants.speaking')}</Tag>
              ) : p.micMuted ? (
                <Tag minimal>{t('participants.micMuted')}</Tag>
              ) : p.micOn ? (
                <Tag minimal>{t('participants.micOn')}</Tag>
              ) : null}
              {p.isTyping ? <Tag>{t('participants.typing')}</Tag> : null}
              {/* The host may turn someone else's microphone off (the spec's force-mute). */}
              {isHost && p.micOn && !p.isMe ? (
                <Button
                  small
                  minimal
                  icon="volume-off"
                  data-testid="force-mute"
                  aria-label={t('sessionLimits.forceMute', { name: formatDisplayName(p, t) })}
                  onClick={() => dispatch(sessionLimitsActions.forceMuteRequested(p.avaId))}
                />
              ) : null}
              {/* The host's choices about this person: their recognition language, the transcript. */}
              {isHost && !p.isMe && ongoing ? (
                <ParticipantHostMenu avaId={p.avaId} name={formatDisplayName(p, t)} />
              ) : null}
            </li>
          ))}
        </ul>
        {/* The host's controls of the room, beside force-mute. */}
        <HostControls />
      </section>
    </Card>
  );
}
