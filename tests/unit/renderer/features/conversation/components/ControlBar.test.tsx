// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ControlBar } from '../../../../../../src/renderer/features/conversation/components/ControlBar';
import { audioActions } from '../../../../../../src/renderer/features/audio/slice';
import { conversationActions } from '../../../../../../src/renderer/features/conversation/slice';
import { settingsActions } from '../../../../../../src/renderer/features/settings/slice';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const host = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };
const guest = { kind: 'guest' as const, avaId: 'guest2', userName: 'Gil' };

describe('ControlBar', () => {
  it('is a named region whose first control starts recording', async () => {
    const { user, actions } = renderApp(<ControlBar />, inRoom(makeStatus(), host));
    const bar = screen.getByRole('region', { name: 'Conversation controls' });
    const start = within(bar).getByRole('button', { name: 'Start recording' });
    await user.click(start);
    expect(actions).toContainEqual(audioActions.toggleRequested());
  });

  it('names the record button by what pressing it does', () => {
    renderApp(<ControlBar />, inRoom(makeStatus(), host, { audio: { recording: 'RECORDING' } }));
    expect(screen.getByTestId('record-toggle').textContent).toBe('Stop recording');
    cleanup();
    renderApp(
      <ControlBar />,
      inRoom(makeStatus(), host, { audio: { recording: 'NOT_RECORDING', resuming: true } }),
    );
    expect(screen.getByTestId('record-toggle').textContent).toBe('Stop recording');
  });

  it('lets the host end the conversation for everyone once confirmed, and anyone else leave it', async () => {
    const asHost = renderApp(<ControlBar />, inRoom(makeStatus(), host));
    await asHost.user.click(screen.getByRole('button', { name: /end conversation/i }));
    // Asked first, in a dialog named by its question; the safe answer has the focus.
    const dialog = await screen.findByRole('alertdialog', { name: 'End the conversation for everyone?' });
    expect(asHost.actions).not.toContainEqual(conversationActions.endRequested());
    expect(document.activeElement?.textContent).toBe('Keep talking');
    await asHost.user.keyboard('{Escape}');
    expect(asHost.actions).not.toContainEqual(conversationActions.endRequested());
    await asHost.user.click(screen.getByRole('button', { name: /end conversation/i }));
    await asHost.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'End for everyone' }),
    );
    expect(asHost.actions).toContainEqual(conversationActions.endRequested());
    expect(dialog.textContent).toContain('Captions stop for everyone');
    cleanup();
    const asGuest = renderApp(<ControlBar />, inRoom(makeStatus(), guest));
    expect(screen.queryByRole('button', { name: /end conversation/i })).toBeNull();
    await asGuest.user.click(screen.getByRole('button', { name: /leave conversation/i }));
    expect(asGuest.actions).toContainEqual(conversationActions.leaveRequested());
  });

  it('cannot end or leave before the room is known, nor twice while ending', () => {
    renderApp(<ControlBar />, { session: { status: 'ready', identity: host } });
    expect((screen.getByTestId('end-conversation') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    renderApp(<ControlBar />, inRoom(makeStatus(), host, { conversation: { endPhase: 'ending' } }));
    const button = screen.getByTestId('end-conversation') as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.textContent).toMatch(/ending/i);
  });

  it('a read-only member cannot record, is told why, and gets no microphone choice', () => {
    renderApp(<ControlBar />, inRoom(makeStatus(), guest, { conversation: { readonly: true } }));
    const record = screen.getByTestId('record-toggle') as HTMLButtonElement;
    expect(record.disabled).toBe(true);
    const hint = document.getElementById(record.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('Recording is not available in a read-only conversation.');
    expect(screen.queryByLabelText(/microphone/i)).toBeNull();
  });

  it('on a phone keeps one row of short buttons whose names still say everything', async () => {
    let toggled = 0;
    let captionsOnly = 0;
    const { user } = renderApp(
      <ControlBar
        compact
        onCaptionsOnly={() => captionsOnly++}
        details={{ open: false, controls: 'sidebar', toggle: () => toggled++ }}
      />,
      inRoom(makeStatus(), host, { audio: { recording: 'RECORDING' } }),
    );
    const record = screen.getByRole('button', { name: 'Stop recording' });
    expect(record.textContent).toBe('Stop');
    const end = screen.getByRole('button', { name: 'End conversation' });
    expect(end.textContent).toBe('End');
    expect(screen.queryByRole('spinbutton')).toBeNull();
    expect(screen.queryByRole('combobox')).toBeNull();
    const details = screen.getByRole('button', { name: 'Show invite and participants' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    await user.click(details);
    await user.click(screen.getByRole('button', { name: 'Captions only' }));
    expect([toggled, captionsOnly]).toEqual([1, 1]);
  });

  it('changes the caption size from the keyboard', async () => {
    const { user, actions } = renderApp(<ControlBar />, inRoom(makeStatus(), host));
    const size = screen.getByRole('spinbutton', { name: 'Caption size (pixels)' });
    await user.clear(size);
    await user.type(size, '42{Enter}');
    expect(actions).toContainEqual(settingsActions.fontSizeChanged(42));
  });
});
