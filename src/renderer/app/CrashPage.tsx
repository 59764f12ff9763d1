import { Button, H1 } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { reportClientError } from '../lib/client-errors';

/** Reloads at most once in this window of time, so a page that crashes at once does not loop. */
export const RELOAD_GUARD_MS = 10_000;
const RELOADED_AT = 'hearkenReloadedAt';

/** An unexpected error reloads the page (accounts.md section 4), unless it just did. */
export function shouldReload(lastReloadMs: number | undefined, nowMs: number): boolean {
  return lastReloadMs === undefined || nowMs - lastReloadMs > RELOAD_GUARD_MS;
}

export function CrashPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error('[app] unexpected error', error);
    // Sent before any reload: the reload would lose it.
    reportClientError('crash-page', error);
    let last: number | undefined;
    try {
      const stored = Number(window.sessionStorage.getItem(RELOADED_AT));
      last = Number.isFinite(stored) && stored > 0 ? stored : undefined;
    } catch {
      last = undefined;
    }
    if (shouldReload(last, Date.now())) {
      try {
        window.sessionStorage.setItem(RELOADED_AT, String(Date.now()));
      } catch {
        // storage unavailable: reload anyway, once
      }
      window.location.reload();
    }
  }, [error]);
  return (
    <main className="page" id="main-content">
      <H1>{t('account.crash.heading')}</H1>
      <p>{t('account.crash.body')}</p>
      <Button intent="primary" onClick={() => window.location.reload()}>
        {t('account.crash.reload')}
      </Button>
    </main>
  );
}
