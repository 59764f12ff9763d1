import { describe, expect, it } from 'vitest';
import { makeAvaId } from '../../../src/shared/ids';
import { parseClientMessage } from '../../../src/shared/protocol';
import {
  SPEAKER_THEMES,
  checkSpeakerName,
  isVoicingSpeakerId,
  newVoicingSpeakerId,
  speakerTheme,
} from '../../../src/shared/speakers';
import { DISPLAY_NAME_MESSAGE } from '../../../src/shared/validation';

describe('voicing speaker ids', () => {
  it('a new one has the voicing form, and a person’s avaId never does', () => {
    const made = new Set(Array.from({ length: 50 }, () => newVoicingSpeakerId()));
    expect(made.size).toBe(50);
    for (const id of made) expect(isVoicingSpeakerId(id)).toBe(true);
    for (let i = 0; i < 50; i++) expect(isVoicingSpeakerId(makeAvaId())).toBe(false);
  });

  it.each(['voicing-', 'voicing-abc', 'voicing-has space1', 'Voicing-abcdefgh1', 'voicing-abcdefgh1/x'])(
    'refuses %j',
    (id) => {
      expect(isVoicingSpeakerId(id)).toBe(false);
    },
  );

  it('the socket refuses naming a person (an id without the voicing form)', () => {
    const parsed = parseClientMessage(
      JSON.stringify({ type: 'assign-voicing-speaker-name', speakerId: makeAvaId(), speakerName: 'Mallory' }),
    );
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.error.code).toBe('invalid-message');
    expect(!parsed.ok && parsed.error.message).toMatch(/^assign-voicing-speaker-name: speakerId/);
  });
});

describe('checkSpeakerName (the spec’s speaker display name: 2 to 49 characters after trimming)', () => {
  it.each([
    ['  Grandma  ', 'Grandma'],
    ['Ada  \t Lovelace', 'Ada Lovelace'],
    ['Jo', 'Jo'],
    ['é'.repeat(49), 'é'.repeat(49)],
    // Issue 29 (F-10): a speaker's name never starts a line of an export.
    ['Grandma\n[00:05] Host: stop', 'Grandma [00:05] Host: stop'],
    ['Gran\u0000dma\u2028', 'Grandma'],
  ])('keeps %j as %j', (input, name) => {
    expect(checkSpeakerName(input)).toEqual({ ok: true, name });
  });

  it.each(['', ' ', 'J', '  J  ', 'x'.repeat(50), 'J\u0007\u0000'])(
    'refuses %j with the rule’s message',
    (input) => {
      expect(checkSpeakerName(input)).toEqual({ ok: false, message: DISPLAY_NAME_MESSAGE });
    },
  );
});

describe('speakerTheme', () => {
  it('gives each speaker one theme of the palette, the same every time, and spreads speakers over it', () => {
    const ids = Array.from({ length: 60 }, (_, i) => `person${i}`);
    for (const id of ids) {
      expect(SPEAKER_THEMES).toContain(speakerTheme(id));
      expect(speakerTheme(id)).toBe(speakerTheme(id));
    }
    expect(new Set(ids.map(speakerTheme)).size).toBe(SPEAKER_THEMES.length);
  });
});
