// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InviteCard } from '../../../../../../src/renderer/features/invite/components/InviteCard';
import { inviteActions } from '../../../../../../src/renderer/features/invite/slice';
import { admissionActions } from '../../../../../../src/renderer/features/admission/slice';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const host = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };
const member = { kind: 'guest' as const, avaId: 'guest2', userName: 'Gil' };
const origin = () => window.location.origin;

describe('InviteCard', () => {
  it('shows the room name to read aloud, the read-write link and its QR code', async () => {
    renderApp(<InviteCard />, inRoom(makeStatus(), host));
    expect(screen.getByRole('heading', { name: 'Invite people' })).toBeTruthy();
    expect(screen.getByTestId('room-name').textContent).toBe('blue-river-42');
    const link = screen.getByRole('link');
    expect(link.getAttribute('href')).toBe(`${origin()}/web/conversations?token=rw`);
    const qr = await screen.findByRole('img');
    expect(qr.getAttribute('alt')).toBe(
      'QR code of the invite link to room blue-river-42. Scan it with a phone to join.',
    );
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('gives a read-only member only the read-only link and no name (a name joins read-write)', () => {
    const status = makeStatus({ name: undefined, links: { ro: '/web/conversations?token=ro', rw: '' } });
    renderApp(<InviteCard />, inRoom(status, member, { conversation: { readonly: true } }));
    expect(screen.queryByTestId('room-name')).toBeNull();
    expect(screen.getByRole('link').getAttribute('href')).toBe(`${origin()}/web/conversations?token=ro`);
    expect(document.body.textContent).not.toContain('token=rw');
  });

  it('shows nothing when there is nothing this person may share', () => {
    const status = makeStatus({ name: undefined, links: { ro: '', rw: '' } });
    const { container } = renderApp(<InviteCard />, inRoom(status, member));
    expect(container.textContent).toBe('');
  });

  it('copies the absolute link', async () => {
    const { user, actions } = renderApp(<InviteCard />, inRoom(makeStatus(), member));
    await user.click(screen.getByRole('button', { name: 'Copy invite link' }));
    expect(actions).toContainEqual(inviteActions.copyLinkRequested(`${origin()}/web/conversations?token=rw`));
  });

  it('confirms the copy on the button and to screen readers, and says how to copy by hand when it failed', () => {
    renderApp(<InviteCard />, inRoom(makeStatus(), member, { invite: { copy: 'copied' } }));
    expect(screen.getByRole('button', { name: 'Link copied' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Invite link copied.');
    cleanup();
    renderApp(<InviteCard />, inRoom(makeStatus(), member, { invite: { copy: 'failed' } }));
    expect(screen.getByRole('button', { name: 'Copy invite link' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(
      'The link could not be copied. Select it and copy it by hand.',
    );
  });

  it('shows the room name on one line, sized to fit the card', () => {
    renderApp(<InviteCard />, inRoom(makeStatus({ name: 'golden-spruce-45' }), host));
    const name = screen.getByTestId('room-name');
    expect(name.style.getPropertyValue('--name-chars')).toBe('16');
  });

  it('lets only the host require admission, from the keyboard', async () => {
    renderApp(<InviteCard />, inRoom(makeStatus(), member));
    expect(screen.queryByRole('checkbox')).toBeNull();
    cleanup();
    const { user, actions } = renderApp(<InviteCard />, inRoom(makeStatus(), host));
    const door = screen.getByRole('checkbox');
    expect((door as HTMLInputElement).checked).toBe(false);
    door.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(actions).toContainEqual(admissionActions.requireChanged(true)));
  });
});
