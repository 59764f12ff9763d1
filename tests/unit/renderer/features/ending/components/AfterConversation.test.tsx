// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AfterConversation } from '../../../../../../src/renderer/features/ending/components/AfterConversation';
import { makeStatus } from '../../../../../helpers/saga-harness';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const ended = makeStatus({ id: 'r1', state: { value: 'ended' } });
const transcript = { status: 'loaded' as const, roomId: 'r1', room: ended, transcripts: [] };
// The server said this person has not rated it yet (the form waits for that read-back).
const rating = { byRoom: { r1: { status: 'open' as const } } };

describe('AfterConversation', () => {
  it('tells a guest that the host ended it, and offers the rating', () => {
    renderApp(<AfterConversation roomId="r1" />, { ending: { hostEndedRoomId: 'r1' }, transcript, rating });
    expect(screen.getByTestId('host-ended').getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('host-ended').textContent).toBe('The host ended the conversation');
    expect(screen.getByRole('heading', { name: 'How was this conversation?' })).toBeDefined();
  });

  it('says nothing of the host to the one who ended it, and no rating before the end', () => {
    renderApp(<AfterConversation roomId="r1" />, { transcript, rating });
    expect(screen.queryByTestId('host-ended')).toBeNull();
    expect(screen.getByTestId('rating-form')).toBeDefined();
    cleanup();
    renderApp(<AfterConversation roomId="r1" />, {
      transcript: { ...transcript, room: makeStatus({ id: 'r1' }) },
      rating,
    });
    expect(screen.queryByTestId('rating-form')).toBeNull();
  });

  it('tells everyone, host included, when it ended at its time limit', () => {
    renderApp(<AfterConversation roomId="r1" />, {
      ending: { hostEndedRoomId: 'r1', timeLimitRoomId: 'r1' },
      transcript,
      rating,
    });
    expect(screen.getByTestId('time-limit-ended').textContent).toBe(
      'This conversation reached its time limit.',
    );
    expect(screen.queryByTestId('host-ended')).toBeNull();
  });
});
