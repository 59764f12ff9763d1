// @vitest-environment happy-dom
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CaptionsStartedAnnouncer } from '../../../../../../src/renderer/features/conversation/components/CaptionsStartedAnnouncer';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

describe('CaptionsStartedAnnouncer', () => {
  it('says in a sentence when captions start, pause for the connection and stop', () => {
    const { store } = renderApp(<CaptionsStartedAnnouncer />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    act(() => {
      store.dispatch(audioActions.recordingEvent('start'));
      store.dispatch(audioActions.recordingEvent('started'));
    });
    expect(status.textContent).toBe('Captions are on: what you say appears as captions.');
    act(() => {
      store.dispatch(audioActions.recordingEvent('stop'));
    });
    expect(status.textContent).toBe('Captions are off.');
  });
});
