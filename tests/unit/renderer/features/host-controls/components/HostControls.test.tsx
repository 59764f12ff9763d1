// @vitest-environment happy-dom
/**
 * The host's controls: two named radio groups showing what the room status says, each choice
 * dispatching the change (private: admission required; read-only: public-muted), by keyboard too;
 * nothing for anyone else, nor once the room has ended.
 */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HostControls } from '../../../../../../src/renderer/features/host-controls/components/HostControls';
import { hostControlsActions } from '../../../../../../src/renderer/features/host-controls/actions';
import { admissionActions } from '../../../../../../src/renderer/features/admission/slice';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const HOST = { kind: 'guest', avaId: 'host1', userName: 'Hana' } as const;

describe('HostControls', () => {
  it('shows the room as the status says: public and interactive', () => {
    renderApp(<HostControls />, inRoom(makeStatus({ conversationMode: 'public' }), HOST));
    expect(screen.getByRole('radio', { name: /^Public/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /^Private/ })).toHaveProperty('checked', false);
    expect(screen.getByRole('radio', { name: /^Interactive/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /^Read-only/ })).toHaveProperty('checked', false);
  });

  it('shows a private, read-only room as such', () => {
    renderApp(
      <HostControls />,
      inRoom(makeStatus({ conversationMode: 'public-muted', admissionRequired: true }), HOST),
    );
    expect(screen.getByRole('radio', { name: /^Private/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /^Read-only/ })).toHaveProperty('checked', true);
  });

  it('makes the room private and read-only, by click and by keyboard', async () => {
    const { user, actions } = renderApp(<HostControls />, inRoom(makeStatus({}), HOST));
    await user.click(screen.getByRole('radio', { name: /^Private/ }));
    expect(actions).toContainEqual(admissionActions.requireChanged(true));
    screen.getByRole('radio', { name: /^Read-only/ }).focus();
    await user.keyboard(' ');
    expect(actions).toContainEqual(hostControlsActions.modeChanged('public-muted'));
  });

  it('shows nothing to a guest, nor to the host once the room has ended', () => {
    renderApp(<HostControls />, inRoom(makeStatus({}), { kind: 'guest', avaId: 'g2', userName: 'Cy' }));
    expect(screen.queryByTestId('host-controls')).toBeNull();
    cleanup();
    renderApp(<HostControls />, inRoom(makeStatus({ state: { value: 'ended' } }), HOST));
    expect(screen.queryByTestId('host-controls')).toBeNull();
  });
});
