import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { CREDIT_TICK_MS } from '../../../../shared/credits';
import { useAppSelector } from '../../../app/hooks';
import { useNow } from '../../../lib/use-now';
import { creditLeftMs, formatCreditTime, isRunning } from '../countdown';
import { planGivesPremium } from '../../../../shared/user';

/**
 * The Premium credit left (accounts.md: extra plus recurring), counting down 1000 ms per tick
 * while one's own stream is served on Premium. Shown to accounts with credit, or while it counts,
 * never to someone whose plan includes Premium (nothing is counted for them);
 * the visible timer is not a live region (it would speak every second): a separate one says once
 * that the credit ran out and captions go on with Basic.
 */
export function PremiumCreditCountdown() {
  const { t } = useTranslation();
  const countdown = useAppSelector((s) => s.credits.countdown);
  const ranOut = useAppSelector((s) => s.credits.ranOut);
  const running = isRunning(countdown);
  const now = useNow(CREDIT_TICK_MS, running);
  const left = countdown ? creditLeftMs(countdown, now) : 0;
  // A plan that includes Premium (a Pro licence) spends no credit: no countdown to show.
  const planPremium = useAppSelector((s) =>
    s.profile.profile ? planGivesPremium(s.profile.profile) : false,
  );
  const shown = !planPremium && countdown !== undefined && (running || left > 0 || ranOut);
  const time = formatCreditTime(left);
  return (
    <>
      <p className="visually-hidden" role="status" data-testid="premium-credit-announcement">
        {ranOut ? t('credits.ranOut') : ''}
      </p>
      {shown ? (
        <span
          role="timer"
          className="premium-credit"
          data-testid="premium-credit"
          data-running={running ? 'true' : 'false'}
          aria-label={t(running ? 'credits.labelRunning' : 'credits.label', { time })}
        >
          <Tag minimal intent={running ? 'primary' : 'none'}>
            {t(running ? 'credits.running' : 'credits.left', { time })}
          </Tag>
        </span>
      ) : null}
    </>
  );
}
