import { RefusedNotice } from '../../socket/components/RefusedNotice';
import { AudioProblemNotice } from '../../audio/components/AudioProblemNotice';
import { AdmissionRequests } from '../../admission/components/AdmissionRequests';
import { JoiningNotice } from '../../admission/components/JoiningNotice';
import { Button, Callout } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../../shared/constants';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useMediaQuery } from '../../../lib/use-media-query';
import { RecordingStateBadge } from '../../audio/components/RecordingStateBadge';
import { CaptionsView } from '../../captions/components/CaptionsView';
import { InviteCard } from '../../invite/components/InviteCard';
import { SessionGate } from '../../identity/components/SessionGate';
import { SpeechLangSelect } from '../../settings/components/SpeechLangSelect';
import { ConnectionNotice } from '../../socket/components/ConnectionNotice';
import { SocketStatusBadge } from '../../socket/components/SocketStatusBadge';
import { selectIsReadonly, selectRoomStatus } from '../selectors';
import { conversationActions } from '../slice';
import { ControlBar } from './ControlBar';
import { ParticipantsList } from './ParticipantsList';
import { RoomTitle } from './RoomTitle';
import { isReadonlyParam } from '../../../../shared/routes';

const SIDEBAR_ID = 'conversation-sidebar';

/**
 * /web/conversations/:roomId. Captions fill the main panel; the invite card and participants
 * are in a sidebar, open beside the captions from MOBILE_BREAKPOINT_PX up and behind a toggle
 * below it. The control bar is last in reading order and stays at the bottom of the screen.
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { roomId = '' } = useParams();
  const [params] = useSearchParams();
  const readonly = isReadonlyParam(params.get('readonly'));
  const token = params.get('token') ?? undefined;
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const status = useAppSelector(selectRoomStatus);
  const isReadonly = useAppSelector(selectIsReadonly);
  // Refused, or waiting at the host's door: their own notices say so, not "Connecting…".
  const notConnecting = useAppSelector(
    (state) => state.socket.refusal !== undefined || state.admission.joining === 'requested',
  );

  useEffect(() => {
    dispatch(conversationActions.entered({ roomId, readonly, ...(token ? { token } : {}) }));
    return () => {
      dispatch(conversationActions.exited());
    };
  }, [dispatch, roomId, readonly, token]);

  const sidebarShown = wide || detailsOpen;

  return (
    <div className="page conversation-page" data-layout={wide ? 'wide' : 'narrow'}>
      <header className="conversation-header">
        <RoomTitle />
        <div className="status-row">
          <SocketStatusBadge />
          <RecordingStateBadge />
        </div>
      </header>
      <ConnectionNotice />
      <RefusedNotice />
      <JoiningNotice />
      <AudioProblemNotice />
      <AdmissionRequests />
      {isReadonly ? (
        <Callout intent="primary" compact className="page-callout" data-testid="readonly-notice">
          {t('conversation.readonly')}
        </Callout>
      ) : null}
      <SessionGate>
        {status || notConnecting ? null : (
          <p className="field-help" data-testid="conversation-connecting">
            {t('conversation.connecting')}
          </p>
        )}
        <div className="conversation-body">
          <div className="conversation-main">
            <h2 className="visually-hidden">{t('captions.heading')}</h2>
            <CaptionsView />
          </div>
          {wide ? null : (
            <Button
              className="details-toggle"
              aria-expanded={detailsOpen}
              aria-controls={SIDEBAR_ID}
              onClick={() => setDetailsOpen((open) => !open)}
            >
              {detailsOpen ? t('conversation.hideDetails') : t('conversation.showDetails')}
            </Button>
          )}
          <aside
            id={SIDEBAR_ID}
            className="conversation-sidebar"
            aria-label={t('conversation.details')}
            hidden={!sidebarShown}
          >
            <InviteCard />
            <ParticipantsList />
            <div className="sidebar-settings">
              <SpeechLangSelect />
            </div>
          </aside>
        </div>
        <ControlBar />
      </SessionGate>
    </div>
  );
}
