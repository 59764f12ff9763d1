/**
 * The app's i18next (src/renderer/i18n/browser.ts): English is bundled, French arrives as its own
 * chunk when chosen, and the app starts only once its language is there.
 */
import { describe, expect, it } from 'vitest';
import { createBrowserI18n } from '../../../../src/renderer/i18n/browser';
import fr from '../../../../src/renderer/i18n/fr';

describe('createBrowserI18n', () => {
  it('starts in French with the French words already loaded (no English flash)', async () => {
    const seen: string[] = [];
    const i18n = await createBrowserI18n('fr', (language) => seen.push(language));
    expect(i18n.language).toBe('fr');
    expect(i18n.t('lobby.start.button')).toBe('Démarrer une conversation');
    expect(seen).toEqual(['fr']);
  });

  it('starts in English without French, and loads French when it is chosen', async () => {
    const seen: string[] = [];
    const i18n = await createBrowserI18n('en', (language) => seen.push(language));
    expect(i18n.t('lobby.start.button')).toBe('Start a conversation');
    expect(i18n.hasResourceBundle('fr', 'translation')).toBe(false);
    await i18n.changeLanguage('fr');
    expect(i18n.t('lobby.start.button')).toBe('Démarrer une conversation');
    expect(i18n.t('errors.audio.PERMISSION_DENIED')).toBe(fr.errors.audio.PERMISSION_DENIED);
    expect(seen).toEqual(['en', 'fr']);
  });
});
