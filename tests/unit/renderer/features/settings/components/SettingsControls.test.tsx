// @vitest-environment happy-dom
/** The settings controls of the conversation screen: caption size, theme, interface and speech language. */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FontSizeControl } from '../../../../../../src/renderer/features/settings/components/FontSizeControl';
import { LanguageSelect } from '../../../../../../src/renderer/features/settings/components/LanguageSelect';
import { SpeechLangSelect } from '../../../../../../src/renderer/features/settings/components/SpeechLangSelect';
import { ThemeSwitch } from '../../../../../../src/renderer/features/settings/components/ThemeSwitch';
import { settingsActions } from '../../../../../../src/renderer/features/settings/slice';
import { FONT_SIZE_MAX_PX, FONT_SIZE_MIN_PX } from '../../../../../../src/shared/constants';
import { renderApp } from '../../../../../helpers/render-app';

afterEach(cleanup);

describe('FontSizeControl', () => {
  const number = () => screen.getByRole('spinbutton', { name: 'Caption size (pixels)' }) as HTMLInputElement;
  const slider = () => screen.getByRole('slider', { name: 'Caption size' }) as HTMLInputElement;

  it('shows the size in use in both inputs, bounded 13 to 60 px, and says so', () => {
    renderApp(<FontSizeControl />, { settings: { fontSizePx: 24 } });
    expect(number().value).toBe('24');
    expect(slider().value).toBe('24');
    expect([slider().min, slider().max, number().min, number().max]).toEqual(['13', '60', '13', '60']);
    const help = document.getElementById(number().getAttribute('aria-describedby') ?? '');
    expect(help?.textContent).toBe(`From ${FONT_SIZE_MIN_PX} to ${FONT_SIZE_MAX_PX} pixels.`);
  });

  it('applies a typed size as soon as it is a whole size, and each slider move', async () => {
    const { user, actions } = renderApp(<FontSizeControl />, { settings: { fontSizePx: 24 } });
    await user.clear(number());
    await user.type(number(), '48');
    expect(actions).toContainEqual(settingsActions.fontSizeChanged(48));
    fireEvent.change(slider(), { target: { value: '30' } });
    expect(actions).toContainEqual(settingsActions.fontSizeChanged(30));
  });

  it('puts back the size in use when the box is left empty', async () => {
    const { user, types } = renderApp(<FontSizeControl />, { settings: { fontSizePx: 24 } });
    await user.clear(number());
    await user.tab();
    expect(number().value).toBe('24');
    expect(types()).not.toContain(settingsActions.fontSizeChanged.type);
  });

  it('follows the store: a size out of bounds typed is clamped by the settings', async () => {
    const { user, store } = renderApp(<FontSizeControl />, { settings: { fontSizePx: 24 } });
    await user.clear(number());
    await user.type(number(), '99{Enter}');
    expect(store.getState().settings.fontSizePx).toBe(FONT_SIZE_MAX_PX);
    expect(number().value).toBe(String(FONT_SIZE_MAX_PX));
  });
});

describe('ThemeSwitch', () => {
  it('is a labelled switch that flips the theme from the keyboard', async () => {
    const { user, actions } = renderApp(<ThemeSwitch />, { settings: { theme: 'light' } });
    const toggle = screen.getByRole('checkbox', { name: 'Dark theme' }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    toggle.focus();
    await user.keyboard(' ');
    expect(actions).toContainEqual(settingsActions.themeChanged('dark'));
    expect(toggle.checked).toBe(true);
  });
});

describe('LanguageSelect', () => {
  it('offers each language in its own words and language, and changes the interface language', async () => {
    const { user, actions } = renderApp(<LanguageSelect />, { settings: { language: 'en' } });
    const select = screen.getByRole('combobox', { name: 'Interface language' });
    const french = screen.getByRole('option', { name: 'Français' });
    expect(french.getAttribute('lang')).toBe('fr');
    await user.selectOptions(select, 'fr');
    expect(actions).toContainEqual(settingsActions.languageChanged('fr'));
  });

  it('says nothing in English to a screen reader on a French page: the caret is decorative', () => {
    const { container } = renderApp(<LanguageSelect />, { settings: { language: 'fr' } });
    expect(container.textContent).not.toContain('Open dropdown');
    const caret = container.querySelector('.bp6-icon');
    expect(caret?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('title')).toBeNull();
  });
});

describe('SpeechLangSelect', () => {
  it('names the languages the server recognises in the interface language', async () => {
    const { user, actions } = renderApp(<SpeechLangSelect />, {
      settings: { language: 'en', speechLang: 'en-US', availableSpeechLangs: ['en-US', 'fr-FR'] },
    });
    const select = screen.getByRole('combobox', { name: 'Language you speak' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'American English',
      'French (France)',
    ]);
    await user.selectOptions(select, 'fr-FR');
    expect(actions).toContainEqual(settingsActions.speechLangChanged('fr-FR'));
  });
});
