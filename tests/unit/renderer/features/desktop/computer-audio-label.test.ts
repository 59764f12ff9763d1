import { describe, expect, it } from 'vitest';
import { computerAudioLabel } from '../../../../../src/renderer/features/desktop/computer-audio-label';
import en from '../../../../../src/renderer/i18n/en';
import fr from '../../../../../src/renderer/i18n/fr';
import { checkSpeakerName } from '../../../../../src/shared/speakers';

describe('the computer audio label', () => {
  it('is the meeting’s name when the conversation has one that fits the speaker name rule', () => {
    expect(computerAudioLabel('  Weekly   sync ', 'en')).toBe('Weekly sync');
  });

  it('is "Computer audio" in the person’s language otherwise', () => {
    expect(computerAudioLabel('', 'en')).toBe(en.desktop.computerAudioSpeaker);
    expect(computerAudioLabel(undefined, 'fr')).toBe(fr.desktop.computerAudioSpeaker);
    expect(computerAudioLabel('x', 'fr')).toBe(fr.desktop.computerAudioSpeaker);
    expect(computerAudioLabel('A'.repeat(80), 'en')).toBe(en.desktop.computerAudioSpeaker);
  });

  it('in every language, a name the server takes', () => {
    for (const label of [en.desktop.computerAudioSpeaker, fr.desktop.computerAudioSpeaker])
      expect(checkSpeakerName(label)).toEqual({ ok: true, name: label });
  });
});
