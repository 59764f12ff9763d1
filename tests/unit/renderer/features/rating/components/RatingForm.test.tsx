// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingForm } from '../../../../../../src/renderer/features/rating/components/RatingForm';
import { ratingActions } from '../../../../../../src/renderer/features/rating/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const open = { rating: { byRoom: { r1: { status: 'open' as const } } } };

describe('RatingForm', () => {
  it('offers 1 to 5 stars as a named radio group and sends the choice with the comment', async () => {
    const { user, actions } = renderApp(<RatingForm roomId="r1" />, open);
    expect(screen.getByRole('heading', { name: 'How was this conversation?' })).toBeDefined();
    const radios = screen.getAllByRole('radio');
    expect(radios).toHaveLength(5);
    await user.click(screen.getByRole('radio', { name: /4 stars/ }));
    await user.type(screen.getByLabelText('Comment (optional)'), '  Clear captions ');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(actions).toContainEqual(
      ratingActions.submitted({ roomId: 'r1', rating: { stars: 4, comment: 'Clear captions' } }),
    );
  });

  it('asks for stars before sending, and can be skipped', async () => {
    const { user, actions } = renderApp(<RatingForm roomId="r1" />, open);
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByRole('alert').textContent).toBe('Choose from 1 to 5 stars first.');
    expect(actions.some((a) => ratingActions.submitted.match(a))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Skip' }));
    expect(screen.queryByTestId('rating-form')).toBeNull();
  });

  it('shows nothing until the read-back says whether this person rated it, and asks for it', () => {
    const { actions } = renderApp(<RatingForm roomId="r1" />);
    expect(screen.queryByTestId('rating-form')).toBeNull();
    expect(actions).toContainEqual(ratingActions.checkRequested('r1'));
  });

  it('thanks once rated, and says when it had been rated already', () => {
    renderApp(<RatingForm roomId="r1" />, { rating: { byRoom: { r1: { status: 'rated' } } } });
    expect(screen.getByRole('status').textContent).toBe('Thank you for rating this conversation.');
    cleanup();
    renderApp(<RatingForm roomId="r1" />, { rating: { byRoom: { r1: { status: 'already-rated' } } } });
    expect(screen.getByRole('status').textContent).toBe('You have already rated this conversation.');
  });
});
