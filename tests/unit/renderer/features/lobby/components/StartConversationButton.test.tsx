// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { StartConversationButton } from '../../../../../../src/renderer/features/lobby/components/StartConversationButton';
import { lobbyActions } from '../../../../../../src/renderer/features/lobby/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

describe('StartConversationButton', () => {
  it('is the page’s primary button, and asks the lobby for a new conversation', async () => {
    const { user, types } = renderApp(<StartConversationButton label="New conversation" testId="new" />);
    const button = screen.getByRole('button', { name: 'New conversation' });
    expect(button).toBe(screen.getByTestId('new'));
    expect(button.className).toContain('bp6-intent-primary');
    expect(button.className).toContain('bp6-large');
    await user.click(button);
    expect(types()).toEqual([lobbyActions.startRequested.type]);
  });
});
