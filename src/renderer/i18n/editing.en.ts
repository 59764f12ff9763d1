/**
 * English messages of correcting captions (issue 12): the "Correct captions" editor. Under
 * `editing.` in en.ts.
 */
const editingEn = {
  toggle: 'Correct captions',
  heading: 'Correct captions',
  help: 'Arrow keys move between words and lines; type or press Enter to replace a word, Enter again to save, Escape to cancel. An empty word is removed. Past the last word you can add one.',
  readonly: 'This is a read-only link: you can read the captions but not correct them.',
  ended: 'The conversation has ended: its transcript can no longer be corrected.',
  disabled: 'Edition has been disabled by the host',
  replace: 'Replace “{{word}}”',
  addWord: 'Add a word at the end of the line',
  correctedLine: '(corrected)',
  corrected: 'corrected',
  tentative: 'may still change',
  othersHere_one: 'someone else is editing here',
  othersHere_other: '{{count}} others are editing here',
  announce: 'Caption corrected: {{text}}',
  refused: 'Your correction was not saved: {{message}}',
  disableForMembers: 'Members may correct captions',
} as const;

export default editingEn;
