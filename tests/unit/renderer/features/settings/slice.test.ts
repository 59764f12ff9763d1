import { describe, expect, it } from 'vitest';
import {
  loadSettings,
  settingsActions,
  settingsReducer,
  uiLanguageFrom,
} from '../../../../../src/renderer/features/settings/slice';
import { STORAGE_KEYS } from '../../../../../src/shared/constants';
import { memoryStorage } from '../../../../../src/renderer/lib/storage';

describe('the interface language on first visit', () => {
  it('follows the browser: the first of its languages the app speaks', () => {
    expect(uiLanguageFrom(['fr-FR', 'en-US'])).toBe('fr');
    expect(uiLanguageFrom(['de-DE', 'FR-ca'])).toBe('fr');
    expect(uiLanguageFrom(['de-DE'])).toBe('en');
    expect(uiLanguageFrom([])).toBe('en');
  });

  it('is the one saved on this device once there is one', () => {
    expect(loadSettings(memoryStorage(), ['fr-FR']).language).toBe('fr');
    const storage = memoryStorage();
    storage.set(STORAGE_KEYS.language, 'en');
    expect(loadSettings(storage, ['fr-FR']).language).toBe('en');
  });
});

describe('settings from the account', () => {
  it('apply, except what the person chose on this page', () => {
    const fresh = loadSettings(memoryStorage(), ['en-GB']);
    const restored = settingsReducer(
      fresh,
      settingsActions.restoredFromAccount({ language: 'fr', theme: 'dark' }),
    );
    expect(restored).toMatchObject({ language: 'fr', theme: 'dark' });
    const chosen = settingsReducer(fresh, settingsActions.languageChanged('fr'));
    const after = settingsReducer(
      chosen,
      settingsActions.restoredFromAccount({ language: 'en', theme: 'dark' }),
    );
    expect(after).toMatchObject({
      language: 'fr',
      theme: 'dark',
      chosenHere: { language: true, theme: false },
    });
  });
});
