/**
 * The name the computer's sound is shown under in the room (issue 11): the meeting's name when
 * the conversation has one (its title, when it fits the speaker name rule), else "Computer audio"
 * in the person's interface language. The server holds it to the same rule (rooms/speakers.ts).
 */
import type { UiLanguage } from '../../../shared/constants';
import { checkSpeakerName } from '../../../shared/speakers';
import { COMPUTER_AUDIO_SPEAKER } from '../../i18n/computer-audio-speaker';

const LABELS: Record<UiLanguage, string> = COMPUTER_AUDIO_SPEAKER;

export function computerAudioLabel(meetingTitle: string | undefined, language: UiLanguage): string {
  const meeting = meetingTitle ? checkSpeakerName(meetingTitle) : undefined;
  return meeting?.ok ? meeting.name : (LABELS[language] ?? LABELS.en);
}
