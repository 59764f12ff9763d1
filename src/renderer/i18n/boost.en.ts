/**
 * English messages of vocabulary boost (docs/boost.md): the end sequence's offer of the words
 * people corrected. Under `boost.` in en.ts.
 */
const boostEn = {
  offer: {
    title: 'Boost these words next time?',
    intro:
      'People corrected these words in this conversation. Choose the ones recognition should favour from now on; nothing is added unless you choose it.',
    legend: 'Corrected words',
    corrected_one: 'corrected once',
    corrected_other: 'corrected {{count}} times',
    add_one: 'Add {{count}} word to my boost list',
    add_other: 'Add {{count}} words to my boost list',
    skip: 'Not now',
  },
  failed: 'Your boost words were not added',
  // The spec's words (accounts.md, conversation.md): BOOST_REQUIRES_UPGRADE in shared/boost-words.ts.
  upgradeRequired: 'Vocabulary Boost requires upgrade',
  switch: {
    label: 'Boost my words',
    help_zero: 'Your boost list is empty: words corrected in a conversation are offered for it when it ends.',
    help_one: 'Recognition of your voice favours the {{count}} word of your boost list.',
    help_other: 'Recognition of your voice favours the {{count}} words of your boost list.',
    inUse: 'In use in this recording.',
  },
} as const;

export default boostEn;
