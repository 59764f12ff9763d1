// @vitest-environment happy-dom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { BoostOffer } from '../../../../../../src/renderer/features/boost/components/BoostOffer';
import { boostActions } from '../../../../../../src/renderer/features/boost/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const offer = [
  { word: 'helstone', count: 2 },
  { word: 'zarathustra', count: 1 },
];

describe('BoostOffer', () => {
  it('shows nothing without an offer', () => {
    renderApp(<BoostOffer />);
    expect(screen.queryByTestId('boost-offer')).toBeNull();
  });

  it('lists each corrected word with how often, none chosen, in a named dialog and group', () => {
    renderApp(<BoostOffer />, { boost: { offer } });
    const dialog = screen.getByRole('dialog', { name: 'Boost these words next time?' });
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Corrected words' })).toBeDefined();
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.checked)).toEqual([false, false]);
    expect(screen.getByRole('checkbox', { name: 'helstone corrected 2 times' })).toBeDefined();
    expect(screen.getByRole('checkbox', { name: 'zarathustra corrected once' })).toBeDefined();
    expect((screen.getByTestId('boost-offer-add') as HTMLButtonElement).disabled).toBe(true);
  });

  it('is answered by keyboard: focus on the first word, Space chooses, then add only what was chosen', async () => {
    const { user, actions } = renderApp(<BoostOffer />, { boost: { offer } });
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: /helstone/ }));
    await user.keyboard(' ');
    const add = screen.getByRole('button', { name: 'Add 1 word to my boost list' });
    await user.tab();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(add);
    await user.keyboard('{Enter}');
    expect(actions.filter((a) => a.type === boostActions.answered.type)).toEqual([
      boostActions.answered(['helstone']),
    ]);
  });

  it('Escape and Not now add nothing', async () => {
    const { user, actions } = renderApp(<BoostOffer />, { boost: { offer } });
    await user.keyboard(' ');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(actions.filter((a) => a.type === boostActions.answered.type)).toEqual([
      boostActions.answered([]),
      boostActions.answered([]),
    ]);
  });
});
