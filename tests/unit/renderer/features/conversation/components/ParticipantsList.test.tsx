// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ParticipantsList } from '../../../../../../src/renderer/features/conversation/components/ParticipantsList';
import { sessionLimitsActions } from '../../../../../../src/renderer/features/session-limits/actions';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const status = makeStatus({
  participants: [
    { avaId: 'host1', isTyping: false },
    { avaId: 'g1', isTyping: false },
    { avaId: 'g2', isTyping: false },
  ],
  speakers: [{ avaId: 'g1', avaName: 'Bo', userName: 'Bo' }],
  audioStreams: [
    { avaId: 'host1', trackId: 't0', usePaidASR: false },
    { avaId: 'g1', trackId: 't1', usePaidASR: false },
  ],
});

describe('ParticipantsList: the host’s force-mute', () => {
  it('lets the host turn off the microphone of someone recording, by a named button', async () => {
    const { user, actions } = renderApp(
      <ParticipantsList />,
      inRoom(status, { kind: 'guest', avaId: 'host1', userName: 'Hana' }),
    );
    const buttons = screen.getAllByTestId('force-mute');
    // Only g1 records besides the host; the host's own microphone is theirs to stop.
    expect(buttons).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: /Turn off .*microphone/ }));
    expect(actions).toContainEqual(sessionLimitsActions.forceMuteRequested('g1'));
  });

  it('shows a muted microphone as muted, not on', () => {
    const muted = makeStatus({
      ...status,
      audioStreams: [{ avaId: 'g1', trackId: 't1', usePaidASR: false, muted: true }],
    });
    renderApp(<ParticipantsList />, inRoom(muted, { kind: 'guest', avaId: 'g2', userName: 'Cy' }));
    const bo = screen.getAllByTestId('participant').find((li) => li.dataset.avaId === 'g1')!;
    expect(bo.textContent).toContain('Microphone muted');
    expect(bo.textContent).not.toContain('Microphone on');
  });

  it('puts the host’s room controls beside force-mute, for the host only', () => {
    renderApp(<ParticipantsList />, inRoom(status, { kind: 'guest', avaId: 'host1', userName: 'Hana' }));
    expect(screen.getByTestId('host-controls')).toBeTruthy();
  });

  it('shows no such button to a guest', () => {
    renderApp(<ParticipantsList />, inRoom(status, { kind: 'guest', avaId: 'g2', userName: 'Cy' }));
    expect(screen.queryByTestId('force-mute')).toBeNull();
  });
});
