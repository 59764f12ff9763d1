/**
 * Keeps the screen on while a conversation shows captions (issue 25 part 4): on a phone or a
 * tablet on the table, the screen must not go dark mid-sentence. The browser drops the lock
 * whenever the page is hidden, so it is asked for again each time the page is visible again;
 * it is released when the conversation ends or its screen goes. Where the Screen Wake Lock API
 * is missing or refuses (no HTTPS, a battery saver, a policy), captions go on as before: a debug
 * line at most, never an error in front of the reader.
 */
import { useEffect } from 'react';
import { useAppSelector } from '../../app/hooks';
import { consoleLogger, type Logger } from '../../lib/logger';
import { selectRoomStatus } from './selectors';

const TAG = 'wake-lock';

/** What holding the lock needs of the browser: given, so tests bring their own. */
export interface WakeLockEnv {
  wakeLock: Pick<WakeLock, 'request'> | undefined;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  logger: Logger;
}

/** Holds a screen wake lock, asked again whenever the page is visible again, until released. */
export function holdScreenWakeLock(env: WakeLockEnv): () => void {
  const { wakeLock, document, logger } = env;
  if (typeof wakeLock?.request !== 'function') {
    logger.log('debug', TAG, 'no Screen Wake Lock API here: the screen may sleep');
    return () => undefined;
  }
  let held: WakeLockSentinel | undefined;
  let asking = false;
  let over = false;

  const acquire = async () => {
    if (over || asking || (held && !held.released) || document.visibilityState !== 'visible') return;
    asking = true;
    try {
      const sentinel = await wakeLock.request('screen');
      // Granted after the conversation ended: given back at once.
      if (over) void sentinel.release().catch(() => undefined);
      else held = sentinel;
    } catch (error) {
      logger.log('debug', TAG, 'the screen wake lock was refused: the screen may sleep', error);
    } finally {
      asking = false;
    }
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void acquire();
  };

  document.addEventListener('visibilitychange', onVisibility);
  void acquire();
  return () => {
    over = true;
    document.removeEventListener('visibilitychange', onVisibility);
    if (held && !held.released)
      held.release().catch((error: unknown) => logger.log('debug', TAG, 'could not release the lock', error));
    held = undefined;
  };
}

/** The screen stays on while this page's conversation is live (it has a status, not ended). */
export function useScreenWakeLock(logger: Logger = consoleLogger): void {
  const live = useAppSelector((state) => {
    const status = selectRoomStatus(state);
    return status !== undefined && status.state.value !== 'ended';
  });
  useEffect(() => {
    if (!live) return undefined;
    return holdScreenWakeLock({
      // Typed as always there; older browsers (and Firefox before 126) have no such property.
      wakeLock: navigator.wakeLock as WakeLock | undefined,
      document,
      logger,
    });
  }, [live, logger]);
}
