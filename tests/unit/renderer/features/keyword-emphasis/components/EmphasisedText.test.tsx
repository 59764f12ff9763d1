// @vitest-environment happy-dom
/** Keyword emphasis on screen, and the reading-aid settings that drive it and the curse filter. */
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EmphasisedText } from '../../../../../../src/renderer/features/keyword-emphasis/components/EmphasisedText';
import { CurseFilterSelect } from '../../../../../../src/renderer/features/settings/components/CurseFilterSelect';
import { KeywordEmphasisSwitch } from '../../../../../../src/renderer/features/settings/components/KeywordEmphasisSwitch';
import { settingsActions } from '../../../../../../src/renderer/features/settings/slice';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

const TEXT = 'Meet Sarah at 9 about photosynthesis.';

describe('EmphasisedText', () => {
  it('shows the caption as it is while emphasis is off', () => {
    const { container } = renderApp(<EmphasisedText text={TEXT} lang="en-US" />, {
      settings: { keywordEmphasis: false },
    });
    expect(container.textContent).toBe(TEXT);
    expect(container.querySelectorAll('b')).toHaveLength(0);
  });

  it('puts names and numbers in bold when on (not rare words), keeping the text whole', () => {
    const { container } = renderApp(<EmphasisedText text={TEXT} lang="en-US" />, {
      settings: { keywordEmphasis: true },
    });
    expect(container.textContent).toBe(TEXT);
    expect(screen.getAllByTestId('caption-keyword').map((b) => b.textContent)).toEqual(['Sarah', '9']);
  });
});

describe('reading-aid settings controls', () => {
  it('switch keyword emphasis on by its label', async () => {
    const { user, actions } = renderApp(<KeywordEmphasisSwitch />, { settings: { keywordEmphasis: false } });
    await user.click(screen.getByRole('checkbox', { name: 'Bold names and numbers' }));
    expect(actions).toContainEqual(settingsActions.keywordEmphasisChanged(true));
  });

  it('choose a curse filter level by its label, with each level described', async () => {
    const { user, actions } = renderApp(<CurseFilterSelect />, { settings: { curseFilter: 2 } });
    const select = screen.getByRole('combobox', { name: 'Profanity filter' }) as HTMLSelectElement;
    expect(select.value).toBe('2');
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Off: show every word',
      'Mild: hide the strongest swear words',
      'Standard: hide swear words',
      'Strict: hide swear words and slurs entirely',
    ]);
    await user.selectOptions(select, '0');
    expect(actions).toContainEqual(settingsActions.curseFilterChanged(0));
  });
});
