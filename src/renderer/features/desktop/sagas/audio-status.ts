/**
 * The recording window's state as main and the spec's desktop audio status see it: reported to
 * main whenever it changes (the tray and the caption windows show it), the status's link follows
 * the socket (or the speech process offline), and the volume watch stops captions whose capture
 * died (no audio for VOLUME_SILENCE_TIMEOUT_MS).
 */
import { call, delay, put, select, take } from 'typed-redux-saga';
import type { LinkState } from '../../../../shared/audio-status';
import { VOLUME_SILENCE_TIMEOUT_MS } from '../../../../shared/constants';
import type { OfflineStatus } from '../../../../shared/ipc';
import type { AppDeps } from '../../../app/deps';
import { type RootState, selectState } from '../../../app/root-reducer';
import { notificationsActions } from '../../notifications/slice';
import type { SocketStatus } from '../../socket/status-machine';
import type { DesktopDeps } from '../deps';
import { selectRecorderState } from '../selectors';
import { desktopActions } from '../slice';
import { TAG, askMain } from './ask-main';
import { stopCaptions } from './captions-control';

/** How often the audio status looks at the capture pipeline. */
export const AUDIO_STATUS_TICK_MS = 1000;

/** Tells main the recording state whenever it changes. */
export function* reportState(deps: AppDeps, desktop: DesktopDeps) {
  let last = '';
  while (true) {
    const state = yield* select(selectRecorderState);
    const key = JSON.stringify(state);
    if (key !== last) {
      last = key;
      yield* askMain(deps, desktop, 'captions:reportState', state);
    }
    yield* take('*');
  }
}

const SOCKET_LINK: Record<SocketStatus, LinkState> = {
  uninitialized: 'new',
  pending: 'connecting',
  reconnecting: 'connecting',
  online: 'connected',
  disconnected: 'disconnected',
  offline: 'disconnected',
  closed: 'closed',
};
const OFFLINE_LINK: Record<OfflineStatus['state'], LinkState> = {
  starting: 'connecting',
  ready: 'connected',
  failed: 'failed',
  stopped: 'closed',
};

/** The link of the spec's audio status follows the socket, or the speech process offline. */
export function* followLink() {
  let last: LinkState | undefined;
  while (true) {
    const state = yield* select(selectState);
    const offline = state.desktop.offline.recording !== 'NOT_RECORDING';
    const link = offline
      ? OFFLINE_LINK[state.desktop.offline.status?.state ?? 'starting']
      : state.audio.recording === 'NOT_RECORDING'
        ? 'closed'
        : SOCKET_LINK[state.socket.status];
    if (link !== last) {
      last = link;
      yield* put(desktopActions.audioStatusEvent({ type: 'link', state: link }));
    }
    yield* take('*');
  }
}

/**
 * Volume reports: a chunk arrived in the last tick. None for VOLUME_SILENCE_TIMEOUT_MS while
 * recording means the capture died: audio stops and the user is told.
 */
export function* watchVolume(deps: AppDeps, desktop: DesktopDeps) {
  while (true) {
    yield* delay(AUDIO_STATUS_TICK_MS);
    const state = yield* select(selectState);
    const recording =
      state.audio.recording !== 'NOT_RECORDING' || state.desktop.offline.recording !== 'NOT_RECORDING';
    if (!recording) continue;
    const last = desktop.lastChunkAtMs();
    const now = deps.now();
    if (last !== undefined && now - last < AUDIO_STATUS_TICK_MS * 1.5) {
      yield* put(desktopActions.audioStatusEvent({ type: 'volume' }));
    } else if (last === undefined || now - last >= VOLUME_SILENCE_TIMEOUT_MS) {
      yield* put(desktopActions.audioStatusEvent({ type: 'volumeTimeout' }));
      // The status machine says whether this timeout stopped audio (it was recording).
      const stopped = yield* select((s: RootState) => s.desktop.audioMustStop);
      if (stopped) {
        deps.logger.log('warn', TAG, `no audio for ${VOLUME_SILENCE_TIMEOUT_MS} ms: stopping`);
        yield* call(stopCaptions);
        yield* put(notificationsActions.notify({ intent: 'warning', key: 'desktop.audioStalled' }));
      }
    }
  }
}
