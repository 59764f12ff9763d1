// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptionConnection } from '../../../../../../src/renderer/features/caption-window/components/CaptionConnection';
import { desktopActions } from '../../../../../../src/renderer/features/desktop/slice';
import { DEFAULT_PREFERENCES } from '../../../../../../src/shared/desktop-preferences';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

describe('CaptionConnection', () => {
  it('is silent while the room is live, and says when it is not', () => {
    renderApp(<CaptionConnection roomId="r" />, { socket: { status: 'online' } });
    expect(screen.getByTestId('caption-connection').textContent).toBe('');
    cleanup();
    renderApp(<CaptionConnection roomId="r" />, { socket: { status: 'reconnecting' } });
    expect(screen.getByTestId('caption-connection').textContent).toBe('Reconnecting…');
  });

  it('says why a refused room cannot be captioned, with the way to the app', async () => {
    const { user, actions } = renderApp(<CaptionConnection roomId="r" />, {
      socket: { status: 'closed', refusal: { code: 'room-ended', message: 'ended' } },
      desktop: { config: { preferences: DEFAULT_PREFERENCES, appVersion: '2.2.0', platform: 'linux' } },
    });
    expect(screen.getByRole('alert').textContent).toMatch(/ended/i);
    await user.click(screen.getByRole('button', { name: 'Open Hearken' }));
    expect(actions).toContainEqual(desktopActions.showMainRequested());
  });
});
