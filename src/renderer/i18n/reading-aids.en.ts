/**
 * English messages of the reading aids while captions run (issue 13): the caption-delay meter,
 * "where I stopped reading", keyword emphasis, the profanity filter and the fallback engine
 * notice. Under `readingAids.` in en.ts.
 */
const readingAidsEn = {
  delay: {
    label: 'Caption delay',
    value: '{{seconds}} s',
    p95: '(most words under {{seconds}} s)',
    late: 'Captions are running late',
    warning: 'Captions are running more than {{seconds}} seconds behind speech.',
  },
  marker: {
    label: 'You stopped reading here',
    newSince_one: '1 new line since you stopped reading',
    newSince_other: '{{count}} new lines since you stopped reading',
  },
  emphasis: {
    label: 'Bold names and numbers',
    help: 'Helps you skim the captions for what matters.',
  },
  profanity: {
    label: 'Profanity filter',
    help: 'Applies to the captions you read; the saved transcript keeps what was said.',
    levels: {
      '0': 'Off: show every word',
      '1': 'Mild: hide the strongest swear words',
      '2': 'Standard: hide swear words',
      '3': 'Strict: hide swear words and slurs entirely',
    },
  },
  fallbackEngine:
    'Captions come from the basic speech engine for now (the more accurate one is not installed on this server), so expect more mistakes.',
} as const;

export default readingAidsEn;
