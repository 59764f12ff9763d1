// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MessageComposer } from '../../../../../../src/renderer/features/typed-replies/components/MessageComposer';
import { TypingIndicator } from '../../../../../../src/renderer/features/typed-replies/components/TypingIndicator';
import { typedRepliesActions } from '../../../../../../src/renderer/features/typed-replies/slice';
import { KEYBOARD_MESSAGE_MAX_LENGTH } from '../../../../../../src/shared/constants';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const box = () => screen.getByRole('textbox', { name: 'Type a message' }) as HTMLTextAreaElement;
const lastSend = (actions: { type: string }[]) =>
  actions.filter(typedRepliesActions.sendRequested.match).at(-1)?.payload;

describe('MessageComposer', () => {
  it('sends on Enter, starts a new line on Shift+Enter, and clears once the line went', async () => {
    const { user, actions, store } = renderApp(<MessageComposer />);
    await user.type(box(), 'first line{Shift>}{Enter}{/Shift}second');
    expect(box().value).toBe('first line\nsecond');
    await user.keyboard('{Enter}');
    const sent = lastSend(actions)!;
    expect(sent.text).toBe('first line\nsecond');
    expect(box().value).toBe('first line\nsecond');
    act(() => void store.dispatch(typedRepliesActions.sendFinished({ id: sent.id, sent: true })));
    expect(box().value).toBe('');
  });

  it('keeps the line when it could not be sent', async () => {
    const { user, actions, store } = renderApp(<MessageComposer />);
    await user.type(box(), 'hello{Enter}');
    const sent = lastSend(actions)!;
    act(() => void store.dispatch(typedRepliesActions.sendFinished({ id: sent.id, sent: false })));
    expect(box().value).toBe('hello');
  });

  it('says when the character limit is reached, and keeps a longer pasted line whole but unsendable', () => {
    renderApp(<MessageComposer />);
    fireEvent.change(box(), { target: { value: 'a'.repeat(KEYBOARD_MESSAGE_MAX_LENGTH) } });
    expect(screen.getByTestId('message-limit').textContent).toBe('Character limit has been reached');
    fireEvent.change(box(), { target: { value: 'a'.repeat(KEYBOARD_MESSAGE_MAX_LENGTH + 20) } });
    expect(box().value).toHaveLength(KEYBOARD_MESSAGE_MAX_LENGTH + 20);
    expect(box().getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('names its shortcut and tells others it is typing', async () => {
    const { user, types } = renderApp(<MessageComposer />);
    expect(box().getAttribute('aria-keyshortcuts')).toBe('Alt+M');
    await user.type(box(), 'h');
    expect(types()).toContain(typedRepliesActions.composing.type);
  });
});

describe('TypingIndicator', () => {
  it('says who else is typing', () => {
    const status = makeStatus({
      participants: [
        { avaId: 'host1', isTyping: true },
        { avaId: 'g2', isTyping: true },
      ],
      speakers: [{ avaId: 'g2', avaName: 'g2', userName: 'Gil' }],
    });
    renderApp(<TypingIndicator />, inRoom(status, { kind: 'guest', avaId: 'host1', userName: 'Hana Host' }));
    expect(screen.getByRole('status').textContent).toBe('Gil is typing…');
  });
});
