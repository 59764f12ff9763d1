import { Button, Tag } from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  conversationLimitMs,
  countdownShown,
  formatCountdown,
  remainingMs,
} from '../../../../shared/session-limits';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { useNow } from '../../../lib/use-now';
import { selectIsHost, selectRoomStatus } from '../../conversation/selectors';
import { sessionLimitsActions } from '../actions';

/** Minutes left at which a screen reader is told, once each. */
const ANNOUNCED_AT_MINUTES = [5, 1] as const;

/**
 * The restricted session's countdown (conversation.md: "a countdown in minutes:seconds with a
 * prolong option"), shown over its last minutes on the server's clock. The visible timer is not
 * a live region (it would speak every second); a separate one says "ends in 5 minutes" and
 * "1 minute" once. The host entitled to it may add another period.
 */
export function SessionCountdown() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const status = useAppSelector(selectRoomStatus);
  const isHost = useAppSelector(selectIsHost);
  const offset = useAppSelector((s) => s.socket.clockOffsetMs ?? 0);
  const session = status?.state.value === 'ended' ? undefined : status?.restrictedSession;
  const now = useNow(1000, session !== undefined);
  const left = session ? remainingMs(session, now + offset) : Infinity;
  const shown = session !== undefined && countdownShown(left);
  const [announcement, setAnnouncement] = useState('');
  const announced = useRef(new Set<number>());

  useEffect(() => {
    if (!shown) return;
    const minutes = ANNOUNCED_AT_MINUTES.find((m) => left <= m * 60_000 && !announced.current.has(m));
    if (minutes === undefined) return;
    // Passing 5 and 1 at once (joining late) says only the nearer one.
    for (const m of ANNOUNCED_AT_MINUTES) if (left <= m * 60_000) announced.current.add(m);
    setAnnouncement(t('sessionLimits.announce', { count: Math.max(1, Math.ceil(left / 60_000)) }));
  }, [shown, left, t]);

  // A prolonged session may be announced again when it nears its new end.
  useEffect(() => {
    announced.current.clear();
  }, [session?.endsAtMs]);

  return (
    <>
      <p className="visually-hidden" role="status" data-testid="session-countdown-announcement">
        {announcement}
      </p>
      {shown && session ? (
        <div className="session-countdown" data-testid="session-countdown">
          <span role="timer" aria-label={`${t('sessionLimits.countdownLabel')}: ${formatCountdown(left)}`}>
            <Tag intent={left <= 60_000 ? 'danger' : 'warning'} minimal>
              {t('sessionLimits.countdown', { time: formatCountdown(left) })}
            </Tag>
          </span>
          {isHost && session.prolongable ? (
            <Button
              small
              data-testid="session-prolong"
              onClick={() => dispatch(sessionLimitsActions.prolongRequested())}
            >
              {t('sessionLimits.prolong', { minutes: conversationLimitMs(session.tier) / 60_000 })}
            </Button>
          ) : session.tier === 'basic' ? (
            <span className="field-help">
              {t('sessionLimits.basicLimit', { minutes: conversationLimitMs('basic') / 60_000 })}
            </span>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
