// @vitest-environment happy-dom
/**
 * The host's choices about one participant: behind a disclosure button named for them (its
 * expanded state said), a named language list of the languages this server recognises and a
 * named checkbox checked as the room status's transcriptOwners says; each choice dispatches the
 * change. In the participants list only the host sees it, for others, while the room goes on.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ParticipantHostMenu } from '../../../../../../src/renderer/features/host-controls/components/ParticipantHostMenu';
import { ParticipantsList } from '../../../../../../src/renderer/features/conversation/components/ParticipantsList';
import { hostControlsActions } from '../../../../../../src/renderer/features/host-controls/actions';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const HOST = { kind: 'guest', avaId: 'host1', userName: 'Hana' } as const;

describe('ParticipantHostMenu', () => {
  it('opens by its named button, and sets the language and the ownership', async () => {
    const { user, actions } = renderApp(
      <ParticipantHostMenu avaId="guest2" name="Cy" />,
      inRoom(makeStatus({ transcriptOwners: ['host1'] }), HOST, {
        settings: { availableSpeechLangs: ['en-US', 'fr-FR'] },
      }),
    );
    const toggle = screen.getByRole('button', { name: 'Manage Cy' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByTestId('participant-host-panel')).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(toggle.getAttribute('aria-controls')).toBe(screen.getByTestId('participant-host-panel').id);

    const language = screen.getByLabelText('Language Cy speaks (recognition)');
    expect([...(language as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', 'en-US', 'fr-FR']);
    await user.selectOptions(language, 'fr-FR');
    expect(actions).toContainEqual(
      hostControlsActions.speakerLanguageChanged({ avaId: 'guest2', language: 'fr-FR' }),
    );

    const owner = screen.getByRole('checkbox', { name: 'Cy keeps the transcript' });
    expect((owner as HTMLInputElement).checked).toBe(false);
    await user.click(owner);
    expect(actions).toContainEqual(
      hostControlsActions.transcriptOwnerChanged({ avaId: 'guest2', owner: true }),
    );
  });

  it('shows an owner as one, and unchecking asks to end it', async () => {
    const { user, actions } = renderApp(
      <ParticipantHostMenu avaId="guest2" name="Cy" />,
      inRoom(makeStatus({ transcriptOwners: ['host1', 'guest2'] }), HOST),
    );
    await user.click(screen.getByRole('button', { name: 'Manage Cy' }));
    const owner = screen.getByRole('checkbox', { name: 'Cy keeps the transcript' });
    expect((owner as HTMLInputElement).checked).toBe(true);
    owner.focus();
    await user.keyboard(' ');
    expect(actions).toContainEqual(
      hostControlsActions.transcriptOwnerChanged({ avaId: 'guest2', owner: false }),
    );
  });

  it('is in the participants list for the host only, for others only, while the room goes on', () => {
    const participants = [
      { avaId: 'host1', userName: 'Hana', isTyping: false },
      { avaId: 'guest2', userName: 'Cy', isTyping: false },
    ];
    renderApp(<ParticipantsList />, inRoom(makeStatus({ participants }), HOST));
    const rows = screen.getAllByTestId('participant');
    const byId = (id: string) => rows.find((row) => row.getAttribute('data-ava-id') === id)!;
    expect(within(byId('guest2')).getByTestId('participant-manage')).toBeTruthy();
    expect(within(byId('host1')).queryByTestId('participant-manage')).toBeNull();
    cleanup();
    renderApp(
      <ParticipantsList />,
      inRoom(makeStatus({ participants }), { kind: 'guest', avaId: 'guest2', userName: 'Cy' }),
    );
    expect(screen.queryByTestId('participant-manage')).toBeNull();
    cleanup();
    renderApp(<ParticipantsList />, inRoom(makeStatus({ participants, state: { value: 'ended' } }), HOST));
    expect(screen.queryByTestId('participant-manage')).toBeNull();
  });
});
