import { afterEach, describe, expect, it, vi } from 'vitest';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { translationSaga } from '../../../../../src/renderer/features/translation/sagas';
import { translationActions } from '../../../../../src/renderer/features/translation/slice';
import { settingsActions } from '../../../../../src/renderer/features/settings/slice';
import { sessionActions } from '../../../../../src/renderer/features/identity/slice';
import { API, withQuery } from '../../../../../src/shared/api';
import { AUTO_TRANSLATE_TOGGLE_SPINNER_MS } from '../../../../../src/shared/constants';
import type { ServerMessage } from '../../../../../src/shared/protocol';
import { FakeSocket, makeFakes, makeStatus, run, settle } from '../../../../helpers/saga-harness';

afterEach(() => vi.useRealTimers());

const LANGUAGES_PATH = withQuery(API.translationLanguages, { from: 'en-US' });

function online() {
  const fakes = makeFakes();
  fakes.http.on('GET', LANGUAGES_PATH, {
    ok: true,
    status: 200,
    data: { available: true, engine: 'apertium', pairs: [], from: 'en-US', languages: ['en', 'ca', 'es'] },
  });
  const socket = new FakeSocket('ws://test/ws');
  fakes.deps.link.attach(socket);
  const app = run(translationSaga, [fakes.deps]);
  app.dispatch(socketActions.statusEvent('connect'));
  app.dispatch(socketActions.statusEvent('succeeded'));
  const receive = (message: ServerMessage) => app.dispatch(socketActions.messageReceived(message));
  return { fakes, socket, app, receive };
}

describe('translation saga', () => {
  it('asks which languages can be read from the room’s speech language when the room status comes', async () => {
    const { app, receive, fakes } = online();
    receive({ type: 'room-status', status: makeStatus() });
    await settle();
    expect(fakes.http.calls.map((c) => c.path)).toEqual([LANGUAGES_PATH]);
    expect(app.state.translation.options).toEqual({
      from: 'en-US',
      available: true,
      languages: ['en', 'ca', 'es'],
    });
  });

  it('tells the room the language chosen, and again on every connection', async () => {
    const { app, socket, receive } = online();
    app.dispatch(translationActions.readingLangChosen('es'));
    receive({
      type: 'connection-succeeded',
      speakerId: 'me',
      roomId: 'host1_room',
      serverTimeMs: 0,
      readonly: false,
      role: 'participant',
    });
    app.dispatch(translationActions.readingLangChosen(null));
    expect(socket.sentOfType('set-reading-language')).toEqual([
      { type: 'set-reading-language', lang: 'es' },
      { type: 'set-reading-language', lang: 'es' },
      // Back to the captions as spoken: the speech language itself.
      { type: 'set-reading-language', lang: 'en-US' },
    ]);
  });

  it('undoes a choice the server refuses, and says why', () => {
    const { app, receive } = online();
    app.dispatch(translationActions.readingLangChosen('de'));
    receive({
      type: 'error',
      error: { code: 'translation-unavailable', message: 'no installed language pair translates into de' },
      inReplyTo: 'set-reading-language',
    });
    expect(app.state.translation.readingLang).toBeNull();
    expect(app.state.notifications.items.map((n) => [n.key, n.values])).toEqual([
      ['translation.refused', { reason: 'no installed language pair translates into de' }],
    ]);
  });

  it('shows the toggle’s spinner until the room answers, at most 5 s', async () => {
    vi.useFakeTimers();
    const { app, socket, receive } = online();
    app.dispatch(translationActions.autoToggleRequested());
    expect(socket.sentOfType('auto-translate-toggle')).toHaveLength(1);
    expect(app.state.translation.autoTogglePending).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTO_TRANSLATE_TOGGLE_SPINNER_MS - 100);
    expect(app.state.translation.autoTogglePending).toBe(true);
    await vi.advanceTimersByTimeAsync(200);
    expect(app.state.translation.autoTogglePending).toBe(false);

    app.dispatch(translationActions.autoToggleRequested());
    expect(app.state.translation.autoTogglePending).toBe(true);
    receive({
      type: 'room-status-update',
      reason: 'auto-translate-changed',
      status: makeStatus({
        autoTranslation: { hostLanguage: 'en-US', guestLanguage: 'es', active: 'guest' },
      }),
    });
    expect(app.state.translation.autoTogglePending).toBe(false);
  });

  it('on the host’s device, follows whose turn it is when the server recognises that language, else says so', () => {
    const { app, receive } = online();
    app.dispatch(sessionActions.ready({ kind: 'guest', avaId: 'host1', userName: 'Hana', credential: 'c' }));
    app.dispatch(settingsActions.speechLangsLoaded(['en-US', 'es-ES']));
    receive({
      type: 'room-status-update',
      reason: 'auto-translate-changed',
      status: makeStatus({
        autoTranslation: { hostLanguage: 'en-US', guestLanguage: 'es', active: 'guest' },
      }),
    });
    expect(app.state.settings.speechLang).toBe('es-ES');

    app.dispatch(settingsActions.speechLangsLoaded(['en-US']));
    app.dispatch(settingsActions.speechLangChanged('en-US'));
    receive({
      type: 'room-status-update',
      reason: 'auto-translate-changed',
      status: makeStatus({
        autoTranslation: { hostLanguage: 'en-US', guestLanguage: 'fr', active: 'guest' },
      }),
    });
    expect(app.state.settings.speechLang).toBe('en-US');
    expect(app.state.notifications.items.at(-1)).toMatchObject({
      key: 'translation.auto.noRecognition',
      values: { language: 'fr' },
    });
  });
});
