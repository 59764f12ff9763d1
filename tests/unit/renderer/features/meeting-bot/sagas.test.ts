import { describe, expect, it } from 'vitest';
import type { ClientMessage } from '../../../../../src/shared/protocol';
import { meetingBotSaga } from '../../../../../src/renderer/features/meeting-bot/sagas';
import { meetingBotActions } from '../../../../../src/renderer/features/meeting-bot/slice';
import { settingsActions } from '../../../../../src/renderer/features/settings/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import type { SocketLink } from '../../../../../src/renderer/features/socket/connection';
import { makeFakes, makeStatus, run, settle } from '../../../../helpers/saga-harness';
import { inRoom } from '../../../../helpers/render-app';
import { type RootState, rootReducer } from '../../../../../src/renderer/app/root-reducer';

function start(me: string) {
  const fakes = makeFakes();
  const sent: ClientMessage[] = [];
  fakes.deps.link = { send: (m: ClientMessage) => (sent.push(m), true) } as unknown as SocketLink;
  const preloaded = inRoom(makeStatus(), {
    kind: 'guest',
    avaId: me,
    userName: me,
  }) as unknown as Partial<RootState>;
  const initial = rootReducer(undefined, { type: '@@test/init' });
  const running = run(meetingBotSaga, [fakes.deps], {
    ...preloaded,
    socket: { ...initial.socket, status: 'online' },
  } as Partial<RootState>);
  return { running, sent };
}

describe('meetingBotSaga', () => {
  it('sends the host’s request and end on the socket', async () => {
    const { running, sent } = start('host1');
    running.dispatch(
      meetingBotActions.requested({ meetingUrl: 'https://zoom.us/j/123456789', speechLang: 'en-US' }),
    );
    running.dispatch(meetingBotActions.endRequested());
    await settle();
    expect(sent).toEqual([
      { type: 'request-ava-bot', meetingUrl: 'https://zoom.us/j/123456789', speechLang: 'en-US' },
      { type: 'end-ava-bot' },
    ]);
  });

  it('a typed reply for the meeting is sent for the bot to speak, and a refusal is kept to be shown', async () => {
    const { running, sent } = start('g2');
    running.dispatch(meetingBotActions.speakRequested({ text: 'Hello meeting' }));
    await settle();
    expect(sent).toEqual([{ type: 'ava-bot-text-to-speech', text: 'Hello meeting' }]);
    expect(running.state.meetingBot.reply).toEqual({ sent: true });
    running.dispatch(
      socketActions.messageReceived({
        type: 'error',
        inReplyTo: 'ava-bot-text-to-speech',
        error: { code: 'speech-unavailable', message: 'the meeting bot cannot speak into the meeting' },
      }),
    );
    expect(running.state.meetingBot.reply).toEqual({
      sent: false,
      message: 'the meeting bot cannot speak into the meeting',
    });
  });

  it('the host changing their speech language while the bot captions moves the bot to it', async () => {
    const { running, sent } = start('host1');
    running.dispatch(
      socketActions.messageReceived({ type: 'ava-bot-status', status: 'CAPTIONING', speechLang: 'en-US' }),
    );
    running.dispatch(settingsActions.speechLangChanged('fr-FR'));
    await settle();
    expect(sent).toEqual([{ type: 'update-ava-bot-speech-lang', speechLang: 'fr-FR' }]);
  });

  it('a guest’s language, or no bot in the meeting, changes nothing', async () => {
    const guest = start('g2');
    guest.running.dispatch(socketActions.messageReceived({ type: 'ava-bot-status', status: 'CAPTIONING' }));
    guest.running.dispatch(settingsActions.speechLangChanged('fr-FR'));
    const host = start('host1');
    host.running.dispatch(settingsActions.speechLangChanged('fr-FR'));
    await settle();
    expect(guest.sent).toEqual([]);
    expect(host.sent).toEqual([]);
  });
});
