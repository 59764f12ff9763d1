import { describe, expect, it } from 'vitest';
import { API } from '../../../../../src/shared/api';
import { FONT_SIZE_DEFAULT_PX, STORAGE_KEYS } from '../../../../../src/shared/constants';
import { parseFontSizeDraft } from '../../../../../src/renderer/features/settings/font-size';
import { loadSpeechLangs, settingsSaga } from '../../../../../src/renderer/features/settings/sagas';
import {
  initialSettingsState,
  loadSettings,
  settingsActions,
  settingsReducer,
} from '../../../../../src/renderer/features/settings/slice';
import { memoryStorage } from '../../../../../src/renderer/lib/storage';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { makeFakes, run, settle } from '../../../../helpers/saga-harness';

describe('settings', () => {
  it('reads saved settings and ignores malformed ones', () => {
    expect(
      loadSettings(
        memoryStorage({
          [STORAGE_KEYS.language]: 'fr',
          [STORAGE_KEYS.theme]: 'dark',
          [STORAGE_KEYS.fontSize]: '72',
          [STORAGE_KEYS.speechLang]: 'fr-FR',
        }),
      ),
    ).toMatchObject({ language: 'fr', theme: 'dark', fontSizePx: 60, speechLang: 'fr-FR' });
    expect(
      loadSettings(
        memoryStorage({
          [STORAGE_KEYS.language]: 'de',
          [STORAGE_KEYS.theme]: 'neon',
          [STORAGE_KEYS.fontSize]: 'big',
          [STORAGE_KEYS.speechLang]: '<script>',
        }),
      ),
    ).toMatchObject({
      language: 'en',
      theme: 'light',
      fontSizePx: FONT_SIZE_DEFAULT_PX,
      speechLang: 'en-US',
    });
  });

  it('keeps the caption size within 13 to 60 px', () => {
    expect(settingsReducer(initialSettingsState, settingsActions.fontSizeChanged(8)).fontSizePx).toBe(13);
    expect(settingsReducer(initialSettingsState, settingsActions.fontSizeChanged(99)).fontSizePx).toBe(60);
    expect(settingsReducer(initialSettingsState, settingsActions.fontSizeChanged(31.6)).fontSizePx).toBe(32);
  });

  it('applies a typed size at once only when it is already in range', () => {
    expect(parseFontSizeDraft('4')).toBeUndefined();
    expect(parseFontSizeDraft('48')).toBe(48);
    expect(parseFontSizeDraft(' 13 ')).toBe(13);
    expect(parseFontSizeDraft('61')).toBeUndefined();
    expect(parseFontSizeDraft('')).toBeUndefined();
    expect(parseFontSizeDraft('abc')).toBeUndefined();
  });

  it('saves each change and switches the interface language', async () => {
    const fakes = makeFakes();
    const languages: string[] = [];
    fakes.deps.i18n = { changeLanguage: async (l) => void languages.push(l) };
    const app = run(settingsSaga, [fakes.deps]);
    app.dispatch(settingsActions.languageChanged('fr'));
    app.dispatch(settingsActions.themeChanged('dark'));
    app.dispatch(settingsActions.fontSizeChanged(100));
    app.dispatch(settingsActions.speechLangChanged('fr-FR'));
    await settle();
    expect(languages).toEqual(['fr']);
    expect(fakes.storage.get(STORAGE_KEYS.language)).toBe('fr');
    expect(fakes.storage.get(STORAGE_KEYS.theme)).toBe('dark');
    expect(fakes.storage.get(STORAGE_KEYS.fontSize)).toBe('60');
    expect(fakes.storage.get(STORAGE_KEYS.speechLang)).toBe('fr-FR');
  });

  it('follows the recognition language the server says is now this person’s, and keeps it', async () => {
    const fakes = makeFakes();
    const app = run(settingsSaga, [fakes.deps]);
    app.dispatch(socketActions.messageReceived({ type: 'speaker-language', language: 'en-GB' }));
    await settle();
    expect(app.state.settings.speechLang).toBe('en-GB');
    expect(fakes.storage.get(STORAGE_KEYS.speechLang)).toBe('en-GB');
    // The same language again changes nothing (no recording restarted for it).
    const before = app.actions.length;
    app.dispatch(socketActions.messageReceived({ type: 'speaker-language', language: 'en-GB' }));
    await settle();
    expect(app.actions.slice(before).filter((a) => settingsActions.speechLangChanged.match(a))).toEqual([]);
  });

  it('offers the server’s speech languages and keeps the chosen one among them', () => {
    const state = settingsReducer(
      { ...initialSettingsState, speechLang: 'de-DE' },
      settingsActions.speechLangsLoaded(['en-US', 'fr-FR', 'bad lang']),
    );
    expect(state.availableSpeechLangs).toEqual(['de-DE', 'en-US', 'fr-FR']);
  });

  it('reads from the server’s config whether it can identify speakers (for the beta switch)', async () => {
    for (const [answer, expected] of [
      [{ available: false }, false],
      [{ available: true }, true],
      [undefined, undefined],
    ] as const) {
      const fakes = makeFakes();
      fakes.http.on('GET', API.config, {
        ok: true,
        status: 200,
        data: {
          version: 'test',
          firebase: null,
          speech: {
            tiers: {},
            langs: ['en-US'],
            ...(answer ? { speakerIdentification: answer } : {}),
          },
        },
      });
      const app = run(loadSpeechLangs, [fakes.deps]);
      await settle();
      expect(app.state.settings.speakerIdentificationAvailable).toBe(expected);
    }
  });
});
