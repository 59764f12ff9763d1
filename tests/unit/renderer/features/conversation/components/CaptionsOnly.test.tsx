// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CaptionsOnly } from '../../../../../../src/renderer/features/conversation/components/CaptionsOnly';
import { inRoom, renderApp } from '../../../../../helpers/render-app';
import { makeStatus } from '../../../../../helpers/saga-harness';

afterEach(cleanup);

const me = { kind: 'guest' as const, avaId: 'host1', userName: 'Hana Host' };

describe('CaptionsOnly', () => {
  it('shows the captions alone, focused for reading, with the way back one tap away', async () => {
    const onExit = vi.fn();
    const { user } = renderApp(<CaptionsOnly onExit={onExit} />, inRoom(makeStatus(), me));
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Captions' }));
    expect(screen.queryByRole('region', { name: 'Conversation controls' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show controls' }));
    expect(onExit).toHaveBeenCalledOnce();
  });

  it('leaves on Escape', async () => {
    const onExit = vi.fn();
    const { user } = renderApp(<CaptionsOnly onExit={onExit} />, inRoom(makeStatus(), me));
    await user.keyboard('{Escape}');
    expect(onExit).toHaveBeenCalledOnce();
  });
});
