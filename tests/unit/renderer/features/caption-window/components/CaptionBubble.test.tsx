// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { initialBubble } from '../../../../../../src/renderer/features/caption-window/bubble';
import { CaptionBubble } from '../../../../../../src/renderer/features/caption-window/components/CaptionBubble';
import { desktopActions } from '../../../../../../src/renderer/features/desktop/slice';
import { settingsActions } from '../../../../../../src/renderer/features/settings/slice';
import { DEFAULT_DESKTOP_THEME } from '../../../../../../src/shared/desktop';
import { DEFAULT_PREFERENCES } from '../../../../../../src/shared/desktop-preferences';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const query = {
  mode: 'floatingCaptions' as const,
  roomId: 'r_1',
  offline: false,
  theme: DEFAULT_DESKTOP_THEME,
};
const desktop = {
  desktop: { config: { preferences: DEFAULT_PREFERENCES, appVersion: '2.2.0', platform: 'linux' as const } },
  settings: { fontSizePx: 24 },
};
const bubble = (
  <CaptionBubble mode="floatingCaptions" query={query} bubble={initialBubble} dispatchBubble={() => {}} />
);

describe('CaptionBubble', () => {
  it('names each icon-only button by its label, which is also its tooltip', () => {
    renderApp(bubble, desktop);
    const names = [
      'Smaller text',
      'Larger text',
      'Let clicks through to the window below',
      'Open Hearken',
      'Hide captions window',
    ];
    for (const name of names) {
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('title')).toBe(name);
      expect(button.className).toContain('bp6-small');
    }
    expect(screen.getByTestId('click-through').getAttribute('aria-pressed')).toBe('false');
  });

  it('makes the captions one step smaller, then one step larger again', async () => {
    const { user, actions } = renderApp(bubble, desktop);
    await user.click(screen.getByTestId('font-smaller'));
    await user.click(screen.getByTestId('font-larger'));
    expect(actions.filter(settingsActions.fontSizeChanged.match).map((a) => a.payload)).toEqual([20, 24]);
  });

  it('opens the app and hides the captions from their buttons', async () => {
    const { user, actions } = renderApp(bubble, desktop);
    await user.click(screen.getByRole('button', { name: 'Open Hearken' }));
    await user.click(screen.getByTestId('hide-captions'));
    expect(actions.some(desktopActions.showMainRequested.match)).toBe(true);
    expect(actions.some(desktopActions.windowHideRequested.match)).toBe(true);
  });
});
