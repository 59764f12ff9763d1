import { MAIL_DELIVERIES } from '../../../../src/shared/mail';
import { describe, expect, it } from 'vitest';
import { AUDIO_ERRORS } from '../../../../src/shared/errors';
import { SOCKET_ERROR_CODES } from '../../../../src/shared/protocol';
import { SCRIBE_ERRORS } from '../../../../src/shared/scribe/model';
import en from '../../../../src/renderer/i18n/en';
import fr from '../../../../src/renderer/i18n/fr';
import { createI18n } from '../../../../src/renderer/i18n';
import { SOCKET_STATUSES } from '../../../../src/renderer/features/socket/status-machine';
import { RECORDING_STATES } from '../../../../src/renderer/features/audio/recording-machine';

type Tree = { readonly [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const enKeys = flatten(en);
const frKeys = flatten(fr);
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  it('has every English key in French', () => {
    expect([...enKeys.keys()].filter((k) => !frKeys.has(k))).toEqual([]);
  });

  it('has every French key in English', () => {
    expect([...frKeys.keys()].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('spells “organization” one way in English, as most of its messages do (and the shared errors)', () => {
    const english = [...enKeys.values(), ...Object.values(SCRIBE_ERRORS)];
    expect(english.filter((text) => /organis/i.test(text))).toEqual([]);
  });

  it('promises no email that may not go: each way a mail went is said, and without one the link is to pass on', () => {
    for (const delivery of MAIL_DELIVERIES) {
      expect(enKeys.get(`organizations.mail.${delivery}`), delivery).toBeDefined();
      expect(frKeys.get(`organizations.mail.${delivery}`), delivery).toBeDefined();
    }
    expect(enKeys.get('organizations.mail.no-mail-server')).toMatch(/sends no email: give them the link/);
    expect(enKeys.get('organizations.mail.failed')).toMatch(/could not be sent: give them the link/);
    // The sentences around a link say what it is for, not that an email went.
    expect(enKeys.get('organizations.dashboard.linkFor')).not.toMatch(/email(ed)? (it|to them)/i);
    expect([...enKeys].filter(([, text]) => /reaches you by email/i.test(text))).toEqual([]);
  });

  it('has no empty message', () => {
    for (const [key, text] of [...enKeys, ...frKeys]) expect(text.trim(), key).not.toBe('');
  });

  it('uses the same placeholders in both languages', () => {
    for (const [key, text] of enKeys)
      expect(placeholders(frKeys.get(key) ?? ''), key).toEqual(placeholders(text));
  });

  it('has a message for every entry of the audio error catalogue, in both languages', () => {
    for (const code of AUDIO_ERRORS) {
      expect(enKeys.get(`errors.audio.${code}`), code).toBeTruthy();
      expect(frKeys.get(`errors.audio.${code}`), code).toBeTruthy();
    }
    expect(Object.keys(en.errors.audio).sort()).toEqual([...AUDIO_ERRORS].sort());
  });

  it('has a message for every socket error code the server sends', () => {
    for (const code of SOCKET_ERROR_CODES) {
      expect(enKeys.get(`errors.socket.${code}`), code).toBeTruthy();
      expect(frKeys.get(`errors.socket.${code}`), code).toBeTruthy();
    }
  });

  it('names every socket status and recording state in words', () => {
    for (const status of SOCKET_STATUSES) expect(enKeys.has(`socket.status.${status}`), status).toBe(true);
    for (const state of RECORDING_STATES) expect(enKeys.has(`audio.state.${state}`), state).toBe(true);
  });

  it('switches the whole interface between English and French and reports the language', async () => {
    const seen: string[] = [];
    const i18n = createI18n('en', (lang) => seen.push(lang));
    expect(i18n.t('lobby.start.button')).toBe('Start a conversation');
    await i18n.changeLanguage('fr');
    expect(i18n.t('lobby.start.button')).toBe('Démarrer une conversation');
    expect(i18n.t('errors.audio.PERMISSION_DENIED')).toBe(fr.errors.audio.PERMISSION_DENIED);
    expect(seen).toEqual(['en', 'fr']);
  });
});
