import { BoostOffer } from '../../boost/components/BoostOffer';
import { ReportProblemButton } from '../../problem-reports';
import { BoostSwitch } from '../../boost/components/BoostSwitch';
import { Callout } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { MOBILE_BREAKPOINT_PX } from '../../../../shared/constants';
import { QUERY_PARAMS, isConversationPanel, isReadonlyParam } from '../../../../shared/routes';
import { TRAINING_PARAM, isScribeParam } from '../../../../shared/scribe/api';
import { ScribePanel } from '../../scribes/components/ScribePanel';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useMediaQuery } from '../../../lib/use-media-query';
import { AdmissionRequests } from '../../admission/components/AdmissionRequests';
import { JoiningNotice } from '../../admission/components/JoiningNotice';
import { AudioProblemNotice } from '../../audio/components/AudioProblemNotice';
import { FallbackEngineNotice } from '../../speech-engine/components/FallbackEngineNotice';
import { MicSelect } from '../../audio/components/MicSelect';
import { RecordingStateBadge } from '../../audio/components/RecordingStateBadge';
import { CaptionsView } from '../../captions/components/CaptionsView';
import { CaptionDelayBadge } from '../../caption-delay/components/CaptionDelayBadge';
import { SessionCountdown } from '../../session-limits/components/SessionCountdown';
import { PremiumCreditCountdown } from '../../credits/components/PremiumCreditCountdown';
import { SessionGate } from '../../identity/components/SessionGate';
import { useAppTermination } from '../../ending/use-app-termination';
import { useScreenWakeLock } from '../use-screen-wake-lock';
import { InviteCard } from '../../invite/components/InviteCard';
import { InvitePeople } from '../../invite-people/components/InvitePeople';
import { InvitationNotice } from '../../invite-people/components/InvitationNotice';
import { LanguageSelect } from '../../settings/components/LanguageSelect';
import { SpeechLangSelect } from '../../settings/components/SpeechLangSelect';
import { CurseFilterSelect } from '../../settings/components/CurseFilterSelect';
import { KeywordEmphasisSwitch } from '../../settings/components/KeywordEmphasisSwitch';
import { TranslationSettings } from '../../translation/components/TranslationSettings';
import { ConnectionNotice } from '../../socket/components/ConnectionNotice';
import { RefusedNotice } from '../../socket/components/RefusedNotice';
import { SocketStatusBadge } from '../../socket/components/SocketStatusBadge';
import { selectIsReadonly, selectRoomStatus } from '../selectors';
import { conversationActions } from '../slice';
import { CaptionsOnly } from './CaptionsOnly';
import { CaptionsStartedAnnouncer } from './CaptionsStartedAnnouncer';
import { ControlBar } from './ControlBar';
import { ParticipantsList } from './ParticipantsList';
import { RoomTitle } from './RoomTitle';
import { MessageComposer } from '../../typed-replies/components/MessageComposer';
import { useComposerShortcut } from '../../typed-replies/use-composer-shortcut';
import { TypingIndicator } from '../../typed-replies/components/TypingIndicator';
import { SpeakerChangeAnnouncer } from '../../speakers/components/SpeakerChangeAnnouncer';
import { SpeakersList } from '../../speakers/components/SpeakersList';
import { CorrectCaptionsToggle, TranscriptEditor } from '../../transcript-edit/components/TranscriptEditor';
import { MeetingBotPanel } from '../../meeting-bot/components/MeetingBotPanel';
import { PhoneCallPanel } from '../../phone-calls/components/PhoneCallPanel';

const SIDEBAR_ID = 'conversation-sidebar';

/**
 * /web/conversations/:roomId. The screen fills the window and only its panels scroll, so the
 * newest caption is always above the control bar whatever the window, caption size or notices:
 * the captions take the room left by the header, the notices and the bar. The invite card and
 * participants are in a sidebar, beside the captions from MOBILE_BREAKPOINT_PX up and behind a
 * toggle below it, where the settings also go to keep the bar to one row. "Captions only" shows
 * nothing but the captions, full screen, for a phone or reading across a room.
 */
export function ConversationPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { roomId = '' } = useParams();
  const [params] = useSearchParams();
  const readonly = isReadonlyParam(params.get('readonly'));
  const token = params.get('token') ?? undefined;
  const asScribe = isScribeParam(params.get(QUERY_PARAMS.scribe));
  const training = params.get(TRAINING_PARAM) ?? undefined;
  const wide = useMediaQuery(`(min-width: ${MOBILE_BREAKPOINT_PX}px)`);
  // Opened for a phone conversation (the dashboard's option): the details, phone panel in view.
  const panel = params.get(QUERY_PARAMS.panel);
  const phonePanel = isConversationPanel(panel) && panel === 'phone';
  const [detailsOpen, setDetailsOpen] = useState(phonePanel);
  const [captionsOnly, setCaptionsOnly] = useState(false);
  const captionsOnlyButton = useRef<HTMLButtonElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const composer = useRef<HTMLTextAreaElement>(null);
  const status = useAppSelector(selectRoomStatus);
  const correcting = useAppSelector((state) => state.transcriptEdit.open);
  const isReadonly = useAppSelector(selectIsReadonly);
  // Refused, or waiting at the host's door: their own notices say so, not "Connecting…".
  const notConnecting = useAppSelector(
    (state) => state.socket.refusal !== undefined || state.admission.joining === 'requested',
  );

  useAppTermination();
  // Before the captions-only return below: the screen stays on in either view.
  useScreenWakeLock();
  useEffect(() => {
    dispatch(
      conversationActions.entered({
        roomId,
        readonly,
        ...(token ? { token } : {}),
        ...(asScribe ? { role: 'scribe' as const } : {}),
      }),
    );
    return () => {
      dispatch(conversationActions.exited());
    };
  }, [dispatch, roomId, readonly, token, asScribe]);

  // Arriving on the screen (after "Start a conversation" or a link), keyboard and screen reader
  // are on its heading, not left on the page body; opened for a phone call, on the phone panel's
  // (PhoneCallPanel focuses it).
  useEffect(() => {
    if (!phonePanel) heading.current?.focus();
  }, [roomId, phonePanel]);

  useComposerShortcut(composer);

  const exitCaptionsOnly = useCallback(() => {
    setCaptionsOnly(false);
    window.setTimeout(() => captionsOnlyButton.current?.focus(), 0);
  }, []);

  if (captionsOnly) return <CaptionsOnly onExit={exitCaptionsOnly} />;

  const sidebarShown = wide || detailsOpen;
  return (
    <div className="page conversation-page" data-layout={wide ? 'wide' : 'narrow'}>
      <header className="conversation-header">
        <RoomTitle headingRef={heading} />
        <div className="status-row">
          <SocketStatusBadge />
          <RecordingStateBadge />
          <CaptionDelayBadge />
          <SessionCountdown />
          <PremiumCreditCountdown />
        </div>
      </header>
      <CaptionsStartedAnnouncer />
      <SpeakerChangeAnnouncer />
      <ConnectionNotice />
      <RefusedNotice />
      <JoiningNotice />
      <AudioProblemNotice />
      <FallbackEngineNotice />
      <AdmissionRequests />
      <InvitationNotice />
      <BoostOffer />
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
        <div className="conversation-body" data-details={sidebarShown ? 'shown' : 'hidden'}>
          <div className="conversation-main">
            <h2 className="visually-hidden">{t('captions.heading')}</h2>
            <CorrectCaptionsToggle />
            {correcting ? <TranscriptEditor /> : <CaptionsView />}
            <TypingIndicator />
            {isReadonly ? null : <MessageComposer inputRef={composer} />}
          </div>
          <aside
            id={SIDEBAR_ID}
            className="conversation-sidebar"
            aria-label={t('conversation.details')}
            hidden={!sidebarShown}
          >
            <InviteCard />
            <InvitePeople />
            <ScribePanel {...(training ? { training } : {})} />
            <ParticipantsList />
            <SpeakersList />
            <MeetingBotPanel />
            <PhoneCallPanel focusOnOpen={phonePanel} />
            <section className="sidebar-settings" aria-label={t('conversation.settings')}>
              {wide ? null : (
                <>
                  <LanguageSelect />
                  {isReadonly ? null : <MicSelect />}
                </>
              )}
              <SpeechLangSelect />
              <TranslationSettings />
              <KeywordEmphasisSwitch />
              {isReadonly ? null : <BoostSwitch />}
              <CurseFilterSelect />
            </section>
            <ReportProblemButton roomId={roomId} minimal />
          </aside>
        </div>
        <ControlBar
          compact={!wide}
          captionsOnlyRef={captionsOnlyButton}
          onCaptionsOnly={() => setCaptionsOnly(true)}
          {...(wide
            ? {}
            : {
                details: {
                  open: detailsOpen,
                  controls: SIDEBAR_ID,
                  toggle: () => setDetailsOpen((open) => !open),
                },
              })}
        />
      </SessionGate>
    </div>
  );
}
