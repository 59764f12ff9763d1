/**
 * English messages of what the transcript page shows after a conversation (issue 13): the smart
 * recap, the caption quality report, the word statistics, the read-only link, and the page a
 * shared link opens. Under `recap.` in en.ts.
 */
const recapEn = {
  recap: {
    heading: 'Recap',
    loading: 'Making the recap…',
    failed: 'The recap could not be made: {{message}}',
    empty: 'Too little was said for a recap.',
    methodExtractive:
      'Made on this server from the conversation’s own sentences (key sentences and keywords picked by how central they are); no outside service read it.',
    methodModel: 'Written by the language model {{model}} from the transcript; it can be wrong.',
    fallback: 'The language model was not used ({{reason}}).',
    keywords: 'Keywords',
    points: 'Key points',
    goToLine: 'Go to this line in the transcript',
  },
  quality: {
    heading: 'Caption quality',
    loading: 'Measuring the captions…',
    failed: 'The caption quality report could not be made: {{message}}',
    recognisedWords: 'Words recognised',
    correctedWords: 'Words corrected by people',
    correctionsUnavailable: '0 (corrections are not available yet, so no error rate can be given)',
    noCorrections:
      'No corrections: nobody corrected these captions, so there is nothing to measure them against',
    wordErrorRate: 'Word error rate against the corrections',
    delay: 'Caption delay (median, 95th percentile)',
    delayValue: '{{median}} s, {{p95}} s over {{lines}} lines',
    delayNote: 'From the end of the last spoken word of each line to the server sending the final line.',
    noDelay: 'Not measured (no spoken lines with timings)',
    engines: 'Made by',
    engineValue: '{{engine}} ({{tier}} tier): {{words}} words',
    tiers: { basic: 'basic', premium: 'premium' },
    noEngine: 'No recognised speech',
  },
  stats: {
    heading: 'Word statistics',
    caption: 'Words, speaking time and speaking rate per speaker',
    speaker: 'Speaker',
    words: 'Words',
    speakingTime: 'Speaking time',
    rate: 'Words per minute',
    total: 'Everyone',
    noRate: '—',
    noRateLabel: 'no speaking time',
    typedNote: 'Typed replies count as words but not as speaking time.',
    yoursCaption: 'Words typed and words captured from speech, yours and everyone’s',
    who: 'Who',
    you: 'You',
    group: 'Everyone',
    typed: 'Typed',
    captured: 'Captured',
  },
  share: {
    heading: 'Read-only link',
    explain:
      'Anyone with this link can read this transcript and download it, without joining or signing in. Nothing else of the conversation is shown.',
    share: 'Share a read-only link',
    stop: 'Stop sharing',
    linkLabel: 'Read-only link to this transcript',
    copy: 'Copy link',
    copied: 'Link copied.',
    shared: 'The read-only link is shared.',
    stopped: 'The link no longer opens this transcript.',
    failed: 'The link could not be changed: {{message}}',
    loading: 'Checking the link…',
  },
  shared: {
    title: 'Shared transcript',
    heading: 'Shared transcript',
    loading: 'Opening the transcript…',
    failed: 'This transcript cannot be opened: {{message}}',
    noToken: 'This link has no token.',
    readOnly: 'Read only: shared by {{host}}.',
    download: 'Download',
  },
};

export default recapEn;
