// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TrainingItems } from '../../../../../../src/renderer/features/scribes/components/TrainingItems';
import { scribeActions } from '../../../../../../src/renderer/features/scribes/slice';
import type { ScribeTrainingItem } from '../../../../../../src/shared/scribe/api';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const item = (name: string, displayName: string, language: ScribeTrainingItem['language']) => ({
  name,
  displayName,
  url: `/api/v1/scribe-training/${name}/audio`,
  language,
});
const training = [
  item('mister-thornton', 'Mister Thornton', 'en-US'),
  item('actualites-fr', 'Actualités lues à voix haute', 'fr-FR'),
];

const listed = () =>
  within(screen.getByTestId('scribe-training-items'))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('TrainingItems', () => {
  it('lets a Scribe pick the language by keyboard, and lists that language’s recordings', async () => {
    const { user, actions } = renderApp(<TrainingItems />, {
      scribe: { training },
      settings: { language: 'en' },
    });
    const group = screen.getByRole('radiogroup', { name: 'Language of the recordings' });
    expect(within(group).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    expect(listed()).toEqual(['Mister Thornton Practise']);
    await user.click(within(group).getByRole('radio', { name: 'English' }));
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: 'French' })).toHaveProperty('checked', true);
    expect(listed()).toEqual(['Actualités lues à voix haute Practise']);
    expect(screen.getByTestId('scribe-training-items').getAttribute('lang')).toBe('fr-FR');
    await user.click(screen.getByRole('button', { name: 'Practise: Actualités lues à voix haute' }));
    expect(actions).toContainEqual(scribeActions.trainingStartRequested('actualites-fr'));
  });

  it('opens on the interface’s language, and says when a language has no recording', () => {
    renderApp(<TrainingItems />, { scribe: { training }, settings: { language: 'fr' } });
    expect(listed()).toEqual(['Actualités lues à voix haute Practise']);
    cleanup();
    renderApp(<TrainingItems />, { scribe: { training: [training[0]!] }, settings: { language: 'fr' } });
    expect(screen.getByTestId('scribe-training-none').textContent).toBe(
      'No training recording in this language on this server.',
    );
  });
});
