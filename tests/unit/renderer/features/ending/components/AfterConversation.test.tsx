// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterConversation } from '../../../../../../src/renderer/features/ending/components/AfterConversation';
import { makeStatus } from '../../../../../helpers/saga-harness';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const ended = makeStatus({ id: 'r1', state: { value: 'ended' } });
const transcript = { status: 'loaded' as const, roomId: 'r1', room: ended, transcripts: [] };

describe('AfterConversation', () => {
  it('tells a guest that the host ended it, and offers the rating', () => {
    renderApp(<AfterConversation roomId="r1" />, { ending: { hostEndedRoomId: 'r1' }, transcript });
    expect(screen.getByTestId('host-ended').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('host-ended').textContent).toBe('The host ended the conversation');
    expect(screen.getByRole('heading', { name: 'How was this conversation?' })).toBeDefined();
  });

  it('says nothing of the host to the one who ended it, and no rating before the end', () => {
    renderApp(<AfterConversation roomId="r1" />, { transcript });
    expect(screen.queryByTestId('host-ended')).toBeNull();
    expect(screen.getByTestId('rating-form')).toBeDefined();
    cleanup();
    renderApp(<AfterConversation roomId="r1" />, {
      transcript: { ...transcript, room: makeStatus({ id: 'r1' }) },
    });
    expect(screen.queryByTestId('rating-form')).toBeNull();
  });
});
