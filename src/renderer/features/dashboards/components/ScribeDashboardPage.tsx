import '../../scribes/scribes.css';
import { Button, Callout, Card, Classes, H1, H2 } from '@blueprintjs/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { type ScribeRequestView, scribeConversationPath } from '../../../../shared/scribe/api';
import { secondsSince } from '../../../../shared/scribe/model';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { QUERY_PARAMS, ROUTES } from '../../../../shared/routes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { selectAuthPhase } from '../../sign-in/selectors';
import { useNow } from '../../../lib/use-now';
import { selectIsScribe, selectProfileLoaded } from '../../account-profile/selectors';
import { ScribeChat } from '../../scribes/components/ScribeChat';
import { ScribeShortcutsList } from '../../scribes/components/ScribeShortcutsList';
import { TrainingItems } from '../../scribes/components/TrainingItems';
import { scribeActions } from '../../scribes/slice';
import { useScribeShortcuts } from '../../scribes/use-scribe-shortcuts';

/** How long since the request's captions last changed: a room gone quiet is seen at a glance. */
function SinceLastUpdate({ request, now }: { request: ScribeRequestView; now: number }) {
  const { t } = useTranslation();
  return (
    <p data-testid="seconds-since-update">
      {request.lastCaptionAtMs !== undefined
        ? t('scribe.dashboard.lastUpdate', { seconds: secondsSince(request.lastCaptionAtMs, now) })
        : t('scribe.dashboard.noUpdate')}
    </p>
  );
}

/**
 * /web/scribe-dashboard: for Scribes (accounts with the scribe flag; the server refuses everyone
 * else). Requests waiting for a Scribe, accepting one (which opens its room as its Scribe), the
 * rooms one serves with the seconds since each caption's last update, the chat with the person
 * who asked, training, and the Scribe keyboard shortcuts.
 */
export function ScribeDashboardPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  useDocumentTitle(t('scribe.dashboard.title'));
  const isScribe = useAppSelector(selectIsScribe);
  const loaded = useAppSelector(selectProfileLoaded);
  const phase = useAppSelector(selectAuthPhase);
  const { dashboard, dashboardError, clockOffsetMs, accepting, openRoom } = useAppSelector((s) => s.scribe);
  // Now on the server's clock, moving every second (the seconds shown count on their own).
  const now = useNow(1000) + clockOffsetMs;
  const chatInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!isScribe) return undefined;
    dispatch(scribeActions.dashboardOpened());
    return () => {
      dispatch(scribeActions.dashboardClosed());
    };
  }, [dispatch, isScribe]);

  useEffect(() => {
    if (!openRoom) return;
    dispatch(scribeActions.roomOpened());
    navigate(scribeConversationPath(openRoom.roomId, openRoom.training));
  }, [dispatch, navigate, openRoom]);

  const waiting = useMemo(() => dashboard?.waiting ?? [], [dashboard]);
  const serving = useMemo(() => dashboard?.serving ?? [], [dashboard]);
  const handlers = useMemo(
    () => ({
      acceptOldest: () => {
        const oldest = [...waiting].sort((a, b) => a.createdAtMs - b.createdAtMs)[0];
        if (oldest) dispatch(scribeActions.acceptRequested(oldest.id));
      },
      openServed: () => {
        if (serving[0]) navigate(scribeConversationPath(serving[0].roomId));
      },
      refresh: () => dispatch(scribeActions.refreshRequested()),
      focusChat: () => chatInput.current?.focus(),
    }),
    [dispatch, navigate, serving, waiting],
  );
  useScribeShortcuts('dashboard', isScribe, handlers);

  if (phase === 'signed-out' || phase === 'unverified') {
    // A Scribe whose session ended sees why the list would be empty, and the way back in.
    return (
      <div className="page" data-testid="scribe-dashboard">
        <H1>{t('scribe.dashboard.heading')}</H1>
        <Callout intent="primary" data-testid="scribe-dashboard-sign-in">
          <p>{t('scribe.dashboard.signInFirst')}</p>
          <Link
            className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
            to={`${ROUTES.login}?${QUERY_PARAMS.redirect}=${encodeURIComponent(ROUTES.scribeDashboard)}`}
          >
            {t('scribe.dashboard.signIn')}
          </Link>
        </Callout>
      </div>
    );
  }

  if (loaded && !isScribe) {
    return (
      <div className="page" data-testid="scribe-dashboard">
        <H1>{t('scribe.dashboard.heading')}</H1>
        <Callout intent="warning" data-testid="scribe-dashboard-refused">
          {t('scribe.dashboard.notScribe')}
        </Callout>
      </div>
    );
  }

  const titleOf = (r: ScribeRequestView) => r.roomTitle || t('scribe.dashboard.untitled');
  const nameOf = (r: ScribeRequestView) => r.requester.userName || t('participants.guest');
  return (
    <div className="page scribe-dashboard" data-testid="scribe-dashboard">
      <H1>{t('scribe.dashboard.heading')}</H1>
      <p className="lead">{t('scribe.dashboard.intro')}</p>
      {dashboardError ? (
        <Callout intent="danger" role="alert">
          {t('scribe.dashboard.failed', { message: dashboardError })}
        </Callout>
      ) : null}

      <section aria-labelledby="scribe-waiting-h">
        <H2 id="scribe-waiting-h">{t('scribe.dashboard.waitingHeading')}</H2>
        {waiting.length === 0 ? (
          <p data-testid="scribe-no-waiting">{t('scribe.dashboard.noWaiting')}</p>
        ) : null}
        <ul className="scribe-requests" data-testid="scribe-waiting">
          {waiting.map((r) => (
            <li key={r.id} data-testid="scribe-waiting-request" data-request={r.id}>
              <Card compact>
                <p>
                  <strong>{titleOf(r)}</strong> · {t(`scribe.modeShort.${r.correctionMode}`)}
                </p>
                <p>
                  {t('scribe.dashboard.requestedBy', {
                    name: nameOf(r),
                    seconds: secondsSince(r.createdAtMs, now),
                  })}
                </p>
                <SinceLastUpdate request={r} now={now} />
                <Button
                  intent="primary"
                  loading={accepting === r.id}
                  onClick={() => dispatch(scribeActions.acceptRequested(r.id))}
                  data-testid="scribe-accept"
                  aria-label={`${t('scribe.dashboard.accept')}: ${titleOf(r)}, ${nameOf(r)}`}
                >
                  {t('scribe.dashboard.accept')}
                </Button>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="scribe-serving-h">
        <H2 id="scribe-serving-h">{t('scribe.dashboard.servingHeading')}</H2>
        {serving.length === 0 ? <p>{t('scribe.dashboard.noServing')}</p> : null}
        <ul className="scribe-requests" data-testid="scribe-serving">
          {serving.map((r, i) => (
            <li key={r.id} data-testid="scribe-served-room" data-room={r.roomId}>
              <Card compact>
                <p>
                  <strong>{titleOf(r)}</strong> · {nameOf(r)} · {t(`scribe.modeShort.${r.correctionMode}`)}
                </p>
                <SinceLastUpdate request={r} now={now} />
                <p>
                  {t('scribe.dashboard.served', { seconds: r.scribeSeconds })}
                  {r.scribeConnected ? null : ` · ${t('scribe.dashboard.away')}`}
                </p>
                <Link
                  to={scribeConversationPath(r.roomId)}
                  className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}
                >
                  {t('scribe.dashboard.open')}
                </Link>{' '}
                <Button onClick={() => dispatch(scribeActions.endRequested(r.id))}>
                  {t('scribe.dashboard.stop')}
                </Button>
                <ScribeChat
                  heading={t('scribe.chatWithRequester', { name: nameOf(r) })}
                  messages={r.chat}
                  onSend={(text) =>
                    dispatch(scribeActions.beginChatRequested({ requesterAvaId: r.requester.avaId, text }))
                  }
                  {...(i === 0 ? { inputRef: chatInput } : {})}
                  testId="scribe-dashboard-chat"
                />
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="scribe-training-h">
        <H2 id="scribe-training-h">{t('scribe.dashboard.trainingHeading')}</H2>
        <p>{t('scribe.dashboard.trainingIntro')}</p>
        <TrainingItems />
      </section>

      <ScribeShortcutsList where="dashboard" />
    </div>
  );
}
