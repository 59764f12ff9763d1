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
};

export default creditsEn;
