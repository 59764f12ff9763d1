/**
 * The name the computer's sound is shown under in the room, per interface language. Kept apart
 * from en.ts and fr.ts (which show it from here) because the audio saga needs it in every
 * language at once (features/desktop/computer-audio-label.ts): importing fr.ts for one label put
 * all of French in the code every guest downloads.
 */
export const COMPUTER_AUDIO_SPEAKER = { en: 'Computer audio', fr: 'Son de l’ordinateur' } as const;
