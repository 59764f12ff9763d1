/**
 * English messages of the conversation's limits (shared/session-limits.ts): the restricted
 * session's countdown, prolonging it, its end, and the host's force-mute. Under
 * `sessionLimits.` in en.ts.
 */
const sessionLimitsEn = {
  countdown: 'Ends in {{time}}',
  countdownLabel: 'Time left in this conversation',
  basicLimit: 'Free conversations last {{minutes}} minutes.',
  announce_one: 'This conversation ends in 1 minute.',
  announce_other: 'This conversation ends in {{count}} minutes.',
  prolong: 'Add {{minutes}} minutes',
  prolonged: 'The conversation now ends at {{time}}.',
  ended: 'This conversation reached its time limit.',
  forceMute: 'Turn off {{name}}’s microphone',
  autoStopped:
    'Captions stopped: in a free conversation with only one person in it, the microphone stops after {{seconds}} seconds. Captions go on when it is turned on again.',
};

export default sessionLimitsEn;
