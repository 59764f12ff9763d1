/**
 * English messages of the Premium credit shown in a conversation (features/credits). Under
 * `credits.` in en.ts.
 */
const creditsEn = {
  left: 'Premium credit: {{time}}',
  running: 'Premium: {{time}} left',
  label: 'Premium credit left: {{time}}',
  labelRunning: 'Premium captions, credit left: {{time}}',
  ranOut: 'Your Premium credit has run out: captions continue with Basic.',
  scribeTime: {
    title: 'Scribe time',
    intro:
      'A Scribe is a person who corrects your captions live. Scribe sessions use your Scribe time, counted by the second. Your organization’s admin can grant you time, or you can buy it here.',
    left: 'Your Scribe time: {{minutes}} minutes.',
    hours: 'Hours to buy',
    hoursOption_one: '{{count}} hour, {{total}}',
    hoursOption_other: '{{count}} hours, {{total}}',
    buy: 'Buy Scribe time',
    terms:
      'You accept the terms of service on the payment page. The time is added once the payment is confirmed.',
    paid: 'Payment received: your Scribe time is added.',
    failed: 'The payment page could not be opened: {{message}}',
    back: 'Back to your dashboard',
    buyLink: 'Buy Scribe time (opens in a new tab)',
  },
};

export default creditsEn;
