import Conf from 'conf';
import { existsSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  SETTINGS_DEFAULTS,
  SETTINGS_SCHEMA,
  type StoredSettings,
  applyPreferencesUpdate,
  normalizeServerUrl,
  openSettingsStore,
} from '../../src/main/settings';
import { DEFAULT_PREFERENCES } from '../../src/shared/desktop-preferences';

// electron-store is conf with Electron's paths: the same schema, checked by the same code.
const dirs: string[] = [];
function store(): Conf<StoredSettings> {
  const cwd = mkdtempSync(join(tmpdir(), 'hearken-settings-'));
  dirs.push(cwd);
  return new Conf<StoredSettings>({ cwd, projectName: 'hearken-test', schema: SETTINGS_SCHEMA });
}
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('settings schema (electron-store)', () => {
  it('starts from the defaults', () => {
    const s = store();
    expect(s.get('preferences')).toEqual(DEFAULT_PREFERENCES);
    expect(s.get('windowBounds')).toEqual(SETTINGS_DEFAULTS.windowBounds);
    expect(s.get('language')).toBe('');
  });

  it('keeps valid values across a restart', () => {
    const s = store();
    const bounds = {
      floatingCaptions: { '1:1920x1080': { x: 10, y: 20, width: 600, height: 150 } },
      captionsBox: {},
    };
    s.set('windowBounds', bounds);
    s.set('preferences', { ...DEFAULT_PREFERENCES, captionMode: 'captionsBox' });
    const again = new Conf<StoredSettings>({
      cwd: s.path.replace(/\/[^/]+$/, ''),
      projectName: 'hearken-test',
      schema: SETTINGS_SCHEMA,
    });
    expect(again.get('windowBounds')).toEqual(bounds);
    expect(again.get('preferences').captionMode).toBe('captionsBox');
  });

  it.each([
    ['an unknown caption mode', { ...DEFAULT_PREFERENCES, captionMode: 'fullscreen' }],
    ['an unknown theme', { ...DEFAULT_PREFERENCES, theme: { name: 'neon', variant: 'dark', bold: false } }],
    ['a server that is not http', { ...DEFAULT_PREFERENCES, serverUrl: 'file:///etc' }],
    ['an extra field', { ...DEFAULT_PREFERENCES, nodeIntegration: true }],
  ])('refuses %s, keeping what was saved', (_name, value) => {
    const s = store();
    expect(() => s.set('preferences', value as never)).toThrow(/schema violation/i);
    expect(s.get('preferences')).toEqual(DEFAULT_PREFERENCES);
  });

  it('refuses bounds that are not whole numbers', () => {
    const s = store();
    expect(() =>
      s.set('windowBounds', {
        floatingCaptions: { k: { x: 1.5, y: 0, width: 10, height: 10 } },
        captionsBox: {},
      }),
    ).toThrow(/schema violation/i);
  });

  it('refuses to load a corrupt file rather than run with it', () => {
    const s = store();
    s.set('language', 'fr');
    const file = s.path;
    const data = JSON.parse(readFileSync(file, 'utf8'));
    data.preferences.clickThrough = 'yes';
    writeFileSync(file, JSON.stringify(data));
    const cwd = file.replace(/\/[^/]+$/, '');
    const create = () =>
      new Conf<StoredSettings>({ cwd, projectName: 'hearken-test', schema: SETTINGS_SCHEMA });
    expect(create).toThrow(/schema violation/i);

    // Opening through openSettingsStore moves the bad file aside and starts from defaults.
    const logs: string[] = [];
    const opened = openSettingsStore(
      create,
      file,
      renameSync,
      () => 42,
      (m) => logs.push(m),
    );
    expect(opened.get('preferences')).toEqual(DEFAULT_PREFERENCES);
    expect(existsSync(`${file}.unreadable-42`)).toBe(true);
    expect(JSON.parse(readFileSync(`${file}.unreadable-42`, 'utf8')).language).toBe('fr');
    expect(logs[0]).toMatch(/kept as .*unreadable-42/);
  });
});

describe('applyPreferencesUpdate', () => {
  it('applies each given field and leaves the others', () => {
    const { preferences, problem } = applyPreferencesUpdate(DEFAULT_PREFERENCES, {
      captionMode: 'captionsBox',
      theme: { name: 'starryNight', variant: 'light', bold: true },
      globalShortcut: 'ctrl+shift+k',
    });
    expect(problem).toBeUndefined();
    expect(preferences).toEqual({
      ...DEFAULT_PREFERENCES,
      captionMode: 'captionsBox',
      theme: { name: 'starryNight', variant: 'light', bold: true },
      globalShortcut: 'Ctrl+Shift+K',
    });
  });

  it('keeps the old shortcut when the new one is invalid, but still applies the rest', () => {
    const { preferences, problem } = applyPreferencesUpdate(DEFAULT_PREFERENCES, {
      globalShortcut: 'K',
      clickThrough: true,
    });
    expect(problem).toBe('shortcut-invalid');
    expect(preferences.globalShortcut).toBe(DEFAULT_PREFERENCES.globalShortcut);
    expect(preferences.clickThrough).toBe(true);
  });

  it('clears the shortcut when asked with an empty one', () => {
    expect(
      applyPreferencesUpdate(DEFAULT_PREFERENCES, { globalShortcut: '  ' }).preferences.globalShortcut,
    ).toBe('');
  });

  it('normalises the server URL and refuses what is not one', () => {
    expect(
      applyPreferencesUpdate(DEFAULT_PREFERENCES, { serverUrl: ' https://captions.example.org/ ' })
        .preferences.serverUrl,
    ).toBe('https://captions.example.org');
    const bad = applyPreferencesUpdate(DEFAULT_PREFERENCES, { serverUrl: 'javascript:alert(1)' });
    expect(bad.problem).toBe('server-url-invalid');
    expect(bad.preferences.serverUrl).toBe(DEFAULT_PREFERENCES.serverUrl);
  });

  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080'],
    ['https://example.org/hearken/', 'https://example.org/hearken'],
    ['ftp://example.org', undefined],
    ['https://user:pw@example.org', undefined],
    ['https://example.org/?x=1', undefined],
    ['example.org', undefined],
  ])('normalizeServerUrl(%j) = %j', (input, expected) => {
    expect(normalizeServerUrl(input)).toBe(expected);
  });
});
