/**
 * Events from main become actions: preferences, captions commands, captions state, the sign-in
 * token, offline captions, navigation and expiry. The page tells main once it listens, and main
 * sends what it queued meanwhile.
 */
import { type EventChannel, buffers, eventChannel } from 'redux-saga';
import { call, fork, put, take } from 'typed-redux-saga';
import { DESKTOP_ROUTES } from '../../../../shared/desktop';
import type { EventChannel as IpcEventChannel, EventPayloads } from '../../../../shared/ipc';
import type { AppDeps } from '../../../app/deps';
import { authActions } from '../../sign-in/slice';
import { captionsActions } from '../../captions/slice';
import { notificationsActions } from '../../notifications/slice';
import { typedRepliesActions } from '../../typed-replies/slice';
import type { DesktopDeps } from '../deps';
import { desktopActions } from '../slice';
import { askMain, invokeMain } from './ask-main';

type BridgeEvent = { [C in IpcEventChannel]: { channel: C; payload: EventPayloads[C] } }[IpcEventChannel];

const FORWARDED: readonly IpcEventChannel[] = [
  'desktop:configChanged',
  'captions:command',
  'captions:state',
  'captions:typedReply',
  'auth:customToken',
  'offline:transcript',
  'offline:status',
  'app:expiryNotice',
  'app:navigate',
];

function bridgeChannel(desktop: DesktopDeps): EventChannel<BridgeEvent> {
  return eventChannel<BridgeEvent>((emit) => {
    const offs = FORWARDED.map((channel) =>
      desktop.bridge.on(channel, (payload: unknown) => emit({ channel, payload } as BridgeEvent)),
    );
    return () => offs.forEach((off) => off());
  }, buffers.expanding(64));
}

let typedFromWindows = 0;

/** Main may only send a page to one of the desktop's own screens. */
const ALLOWED_NAVIGATION = new Set<string>(Object.values(DESKTOP_ROUTES));

function* onBridgeEvent(deps: AppDeps, desktop: DesktopDeps, event: BridgeEvent) {
  switch (event.channel) {
    case 'desktop:configChanged':
      yield* put(desktopActions.configLoaded(event.payload));
      return;
    case 'captions:command':
      yield* put(desktopActions.captionsCommandReceived(event.payload.action));
      return;
    case 'captions:state':
      yield* put(desktopActions.captionsStateReceived(event.payload));
      return;
    case 'captions:typedReply':
      // Typed in a caption window: this window is in the room, so it sends the line as usual.
      yield* put(
        typedRepliesActions.sendRequested({
          id: `caption-window-${++typedFromWindows}`,
          text: event.payload.text,
        }),
      );
      return;
    case 'auth:customToken':
      yield* fork(signInWithCustomToken, deps, desktop, event.payload.customToken);
      return;
    case 'offline:transcript':
      yield* put(captionsActions.received(event.payload));
      return;
    case 'offline:status':
      yield* put(desktopActions.offlineStatusReceived(event.payload));
      return;
    case 'app:expiryNotice':
      yield* put(desktopActions.expiryNoticeReceived(event.payload));
      yield* put(
        event.payload.kind === 'expired'
          ? notificationsActions.notify({
              intent: 'danger',
              key: 'desktop.expired',
              values: { version: event.payload.latestVersion },
            })
          : notificationsActions.notify({
              intent: 'warning',
              key: 'desktop.expiresSoon',
              values: { count: event.payload.daysLeft, version: event.payload.latestVersion },
            }),
      );
      return;
    case 'app:navigate':
      if (ALLOWED_NAVIGATION.has(event.payload.path))
        yield* call([deps.navigation, deps.navigation.navigate], event.payload.path);
      return;
    default:
      return;
  }
}

/**
 * A desktop sign-in's custom token (deep link, kept encrypted by main): the accounts feature signs
 * in with it; once that is over, succeeded or not, the stored copy is cleared (a custom token
 * signs in once, and expires within the hour anyway).
 */
export function* signInWithCustomToken(deps: AppDeps, desktop: DesktopDeps, customToken: string) {
  yield* put(authActions.customTokenReceived(customToken));
  yield* take([authActions.requestDone.type, authActions.requestFailed.type]);
  yield* askMain(deps, desktop, 'auth:clearCustomToken', null);
}

/** Listens to main; tells it when listening has begun (events queued until then are sent). */
export function* listenToMain(deps: AppDeps, desktop: DesktopDeps) {
  const channel = bridgeChannel(desktop);
  try {
    yield* invokeMain(desktop, 'window:ready', null);
    const token = yield* invokeMain(desktop, 'auth:takeCustomToken', null);
    if (token) yield* fork(signInWithCustomToken, deps, desktop, token);
    while (true) {
      const event = yield* take(channel);
      yield* call(onBridgeEvent, deps, desktop, event);
    }
  } finally {
    channel.close();
  }
}
