/**
 * The name the computer's sound is shown under in the room (issue 11): the meeting's name when
 * the conversation has one (its title, when it fits the speaker name rule), else "Computer audio"
 * in the person's interface language. The server holds it to the same rule (rooms/speakers.ts).
 */
import type { UiLanguage } from '../../../shared/constants';
import { checkSpeakerName } from '../../../shared/speakers';
import en from '../../i18n/en';
import fr from '../../i18n/fr';

const LABELS: Record<UiLanguage, string> = {
  en: en.desktop.computerAudioSpeaker,
  fr: fr.desktop.computerAudioSpeaker,
};

export function computerAudioLabel(meetingTitle: string | undefined, language: UiLanguage): string {
  const meeting = meetingTitle ? checkSpeakerName(meetingTitle) : undefined;
  return meeting?.ok ? meeting.name : (LABELS[language] ?? LABELS.en);
}
