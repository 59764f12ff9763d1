// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MeetingBotPanel } from '../../../../../src/renderer/features/meeting-bot/components/MeetingBotPanel';
import { meetingBotActions } from '../../../../../src/renderer/features/meeting-bot/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { BOT_ERROR_TEXTS } from '../../../../../src/shared/meeting-bot';
import { inRoom, renderApp } from '../../../../helpers/render-app';
import { makeStatus } from '../../../../helpers/saga-harness';

afterEach(cleanup);

const asHost = () => inRoom(makeStatus(), { kind: 'guest', avaId: 'host1', userName: 'Hana Host' });
const asGuest = () => inRoom(makeStatus(), { kind: 'guest', avaId: 'g2', userName: 'Gil' });
const link = () => screen.getByRole('textbox', { name: 'Meeting link' }) as HTMLInputElement;

describe('MeetingBotPanel', () => {
  it('the host sends a bot to a meeting link, by keyboard, in the conversation’s language', async () => {
    const { user, actions } = renderApp(<MeetingBotPanel />, asHost());
    await user.click(link());
    await user.keyboard('https://meet.google.com/abc-defg-hij{Enter}');
    const sent = actions.filter(meetingBotActions.requested.match).at(-1)?.payload;
    expect(sent).toMatchObject({ meetingUrl: 'https://meet.google.com/abc-defg-hij' });
    expect(sent?.speechLang).toMatch(/^[a-z]{2}/);
  });

  it('a link that is no meeting’s is refused on the spot and said next to the field', async () => {
    const { user, actions } = renderApp(<MeetingBotPanel />, asHost());
    await user.type(link(), 'https://example.com/meeting');
    await user.click(screen.getByRole('button', { name: 'Connect bot' }));
    expect(actions.filter(meetingBotActions.requested.match)).toHaveLength(0);
    expect(link().getAttribute('aria-invalid')).toBe('true');
    const help = document.getElementById(link().getAttribute('aria-describedby')!)!;
    expect(help.textContent).toBe('This is not a Zoom, Google Meet or Microsoft Teams meeting link.');
  });

  it('shows the bot’s status in a live region, its error with the catalogue’s text, and retry', () => {
    const { store } = renderApp(<MeetingBotPanel />, asHost());
    act(() => {
      store.dispatch(socketActions.messageReceived({ type: 'ava-bot-status', status: 'WAITING_FOR_HOST' }));
    });
    expect(screen.getByRole('status').textContent).toBe('Waiting for the meeting’s host to let the bot in');
    expect(screen.getByRole('button', { name: 'Disconnect bot' })).toBeTruthy();
    act(() => {
      store.dispatch(
        socketActions.messageReceived({
          type: 'ava-bot-status',
          status: 'ERROR',
          error: 'meeting_not_found',
        }),
      );
    });
    expect(screen.getByRole('alert').textContent).toBe(BOT_ERROR_TEXTS.meeting_not_found);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('others see the status but may not change anything', () => {
    const { store } = renderApp(<MeetingBotPanel />, asGuest());
    act(() => {
      store.dispatch(socketActions.messageReceived({ type: 'ava-bot-status', status: 'CAPTIONING' }));
    });
    expect(screen.getByRole('status').textContent).toBe('Captioning the meeting');
    expect(screen.getByTestId('meeting-bot-only-host').textContent).toBe(
      'Only the host can make modifications.',
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a bot that can talk gets a field whose reply it speaks into the meeting; without it there is none', async () => {
    const { store, user, actions } = renderApp(<MeetingBotPanel />, asGuest());
    act(() => {
      store.dispatch(socketActions.messageReceived({ type: 'ava-bot-status', status: 'CAPTIONING' }));
    });
    expect(screen.queryByRole('textbox', { name: 'Say in the meeting' })).toBeNull();
    act(() => {
      store.dispatch(
        socketActions.messageReceived({ type: 'ava-bot-status', status: 'CAPTIONING', speaks: true }),
      );
    });
    const field = screen.getByRole('textbox', { name: 'Say in the meeting' }) as HTMLInputElement;
    await user.click(field);
    await user.keyboard('Can everyone hear me?{Enter}');
    expect(actions.filter(meetingBotActions.speakRequested.match).map((a) => a.payload)).toEqual([
      { text: 'Can everyone hear me?' },
    ]);
    expect(field.value).toBe('');
    expect(screen.getByTestId('meeting-bot-speak-help').textContent).toBe('Sent to the meeting.');
  });
});
