import '../scribes.css';
import { Button, Callout, Classes } from '@blueprintjs/core';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ROUTES } from '../../../../shared/routes';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { selectIsHost } from '../../conversation/selectors';
import { scribeActions } from '../slice';
import { useScribeShortcuts } from '../use-scribe-shortcuts';
import { ScribeChat } from './ScribeChat';
import { ScribeModeChoice } from './ScribeModeChoice';
import { ScribeRequestDialog } from './ScribeRequestDialog';
import { ScribeShortcutsList } from './ScribeShortcutsList';
import { TrainingPractice } from './TrainingPractice';

/**
 * The conversation's Scribe section. For the host: the one-click Scribe modal, the request's
 * status and the chat with the Scribe. For the Scribe: what they are, the mode, the chat, their
 * shortcuts and the way back to the dashboard (and, in a practice room, the recording and the
 * score). For everyone else: whether a Scribe corrects, and accurate mode's delay.
 */
export function ScribePanel({ training }: { training?: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const chatInput = useRef<HTMLInputElement>(null);
  const isHost = useAppSelector(selectIsHost);
  const asScribe = useAppSelector((s) => s.conversation.role === 'scribe');
  const roomId = useAppSelector((s) => s.conversation.roomId);
  const request = useAppSelector((s) => s.conversation.status?.scribe);
  const chat = useAppSelector((s) => s.scribe.chat);
  const mode = useAppSelector((s) => s.scribe.correctionMode);
  const live = request && request.status !== 'ended' ? request : undefined;
  const eligibility = useAppSelector((s) => s.scribe.eligibility);
  const asAccount = useAppSelector((s) => s.session.identity?.kind === 'account');
  const reasonId = useId();
  const requestStatus = request?.status;
  // Asked again when a session ends: its time may be what ran out.
  useEffect(() => {
    if (isHost) dispatch(scribeActions.eligibilityRequested());
  }, [isHost, requestStatus, dispatch]);
  // The button says before it is pressed what is missing; while a request is open it stays usable.
  const refusal = !live && eligibility && !eligibility.canRequest ? eligibility.refusal : undefined;

  const handlers = useMemo(
    () => ({
      toggleMode: () =>
        dispatch(
          scribeActions.correctionModeChosen((live?.correctionMode ?? mode) === 'fast' ? 'accurate' : 'fast'),
        ),
      focusChat: () => chatInput.current?.focus(),
      backToDashboard: () => navigate(ROUTES.scribeDashboard),
    }),
    [dispatch, live?.correctionMode, mode, navigate],
  );
  useScribeShortcuts('conversation', asScribe, handlers);

  const sendChat = (text: string) => dispatch(scribeActions.chatSent(text));
  const statusLine = live ? (
    <p role="status" data-testid="scribe-status" data-status={live.status}>
      {t(`scribe.status.${live.status}`, { mode: t(`scribe.modeShort.${live.correctionMode}`) })}
    </p>
  ) : null;

  if (asScribe) {
    return (
      <section className="scribe-panel" aria-label={t('scribe.panelHeading')} data-testid="scribe-panel">
        <h2>{t('scribe.panelHeading')}</h2>
        <p>{t('scribe.youAreScribe')}</p>
        {statusLine}
        {live ? (
          <ScribeModeChoice
            value={live.correctionMode}
            onChange={(m) => dispatch(scribeActions.correctionModeChosen(m))}
            testId="scribe-room-mode"
          />
        ) : null}
        {training && roomId ? <TrainingPractice roomId={roomId} name={training} /> : null}
        {live ? (
          <ScribeChat
            heading={t('scribe.chatHeading')}
            messages={chat}
            onSend={sendChat}
            inputRef={chatInput}
            testId="scribe-room-chat"
          />
        ) : null}
        <ScribeShortcutsList where="conversation" />
        <Link to={ROUTES.scribeDashboard} className={Classes.BUTTON} data-testid="back-to-dashboard">
          {t('scribe.backToDashboard')}
        </Link>
      </section>
    );
  }
  if (isHost) {
    return (
      <section className="scribe-panel" aria-label={t('scribe.panelHeading')} data-testid="scribe-panel">
        <h2>{t('scribe.panelHeading')}</h2>
        {statusLine}
        {/* Refused: still focusable (aria-disabled), so a screen reader reaches it and hears why. */}
        <Button
          icon="edit"
          aria-disabled={refusal ? true : undefined}
          className={refusal ? Classes.DISABLED : undefined}
          aria-describedby={refusal ? reasonId : undefined}
          onClick={() => {
            if (!refusal) setOpen(true);
          }}
          data-testid="scribe-open-dialog"
        >
          {t('scribe.request')}
        </Button>
        {refusal ? (
          <p id={reasonId} className="scribe-refusal" data-testid="scribe-refusal" data-refusal={refusal}>
            {t(`scribe.refusal.${refusal}`)}
            {refusal === 'no-scribe-credit' && asAccount ? ' ' : null}
            {refusal === 'no-scribe-credit' && asAccount ? (
              // A new tab: the conversation goes on here while the host buys.
              <Link
                to={ROUTES.accountScribeTime}
                target="_blank"
                rel="noreferrer"
                data-testid="scribe-buy-link"
              >
                {t('credits.scribeTime.buyLink')}
              </Link>
            ) : null}
          </p>
        ) : null}
        {live ? (
          <ScribeChat
            heading={t('scribe.chatHeading')}
            messages={chat}
            onSend={sendChat}
            testId="scribe-host-chat"
          />
        ) : null}
        <ScribeRequestDialog isOpen={open} onClose={() => setOpen(false)} />
      </section>
    );
  }
  if (live?.status === 'ongoing') {
    return (
      <Callout compact className="scribe-panel" data-testid="scribe-panel">
        {statusLine}
        {live.correctionMode === 'accurate' ? <p>{t('scribe.accurateNote')}</p> : null}
      </Callout>
    );
  }
  return null;
}
