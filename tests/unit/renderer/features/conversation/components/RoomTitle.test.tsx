// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RoomTitle } from '../../../../../../src/renderer/features/conversation/components/RoomTitle';
import { conversationActions } from '../../../../../../src/renderer/features/conversation/slice';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const host = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };

describe('RoomTitle', () => {
  it('refuses a title over 200 characters with the count, instead of cutting it mid-word', async () => {
    const { user, actions } = renderApp(<RoomTitle />, inRoom(makeStatus(), host));
    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' }) as HTMLInputElement;
    const long = 'A very long conversation title '.repeat(7).trim();
    fireEvent.change(input, { target: { value: long } });
    expect(input.value).toBe(long);
    await user.click(screen.getByRole('button', { name: 'Save title' }));
    expect(actions.map((a) => a.type)).not.toContain(conversationActions.titleUpdateRequested.type);
    expect(screen.getByRole('alert').textContent).toBe(
      `A title has at most 200 characters; this one has ${long.length}. Shorten it to save it.`,
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('saves a title within the limit, trimmed', async () => {
    const { user, actions } = renderApp(<RoomTitle />, inRoom(makeStatus(), host));
    await user.click(screen.getByRole('button', { name: 'Edit title' }));
    const input = screen.getByRole('textbox', { name: 'Conversation title' });
    await user.clear(input);
    await user.type(input, '  Weekly planning  {Enter}');
    expect(actions).toContainEqual(conversationActions.titleUpdateRequested('Weekly planning'));
  });
});
