// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptionsBox } from '../../../../../../src/renderer/features/caption-window/components/CaptionsBox';
import { typedRepliesActions } from '../../../../../../src/renderer/features/typed-replies/slice';
import { DEFAULT_DESKTOP_THEME } from '../../../../../../src/shared/desktop';
import { DEFAULT_PREFERENCES } from '../../../../../../src/shared/desktop-preferences';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const desktop = {
  desktop: { config: { preferences: DEFAULT_PREFERENCES, appVersion: '2.2.0', platform: 'linux' as const } },
};
const inRoom = { mode: 'captionsBox' as const, roomId: 'r_1', offline: false, theme: DEFAULT_DESKTOP_THEME };

describe('CaptionsBox', () => {
  it('has a text box for a typed reply that goes through the recording window, by Alt+M too', async () => {
    const { user, actions } = renderApp(<CaptionsBox query={inRoom} waiting="Waiting" />, desktop);
    const box = screen.getByRole('textbox', { name: 'Type a message' });
    // The voice choice belongs to the recording window, which speaks the line.
    expect(screen.queryByRole('checkbox', { name: /speak aloud/i })).toBeNull();
    await user.keyboard('{Alt>}m{/Alt}');
    expect(document.activeElement).toBe(box);
    await user.keyboard('Please speak up{Enter}');
    const sent = actions.filter(typedRepliesActions.sendRequested.match);
    expect(sent.map((a) => a.payload)).toEqual([
      expect.objectContaining({ text: 'Please speak up', viaRecorder: true }),
    ]);
  });

  it('has none when captions are made on this computer, or outside the app', () => {
    renderApp(
      <CaptionsBox query={{ ...inRoom, roomId: undefined, offline: true }} waiting="Waiting" />,
      desktop,
    );
    expect(screen.queryByRole('textbox')).toBeNull();
    cleanup();
    renderApp(<CaptionsBox query={inRoom} waiting="Waiting" />);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
