/**
 * The recording state machine of the spec (conversation.md section 4): NOT_RECORDING, PENDING,
 * RECORDING. Start goes to PENDING, then to RECORDING once the microphone track is live and the
 * capture worklet runs; any failure returns to NOT_RECORDING; stop acts only from RECORDING or
 * PENDING. Events a state does not list leave it unchanged.
 */
export const RECORDING_STATES = ['NOT_RECORDING', 'PENDING', 'RECORDING'] as const;
export type RecordingState = (typeof RECORDING_STATES)[number];

export const RECORDING_EVENTS = ['start', 'started', 'failed', 'stop'] as const;
export type RecordingEvent = (typeof RECORDING_EVENTS)[number];

export const RECORDING_TRANSITIONS: Readonly<
  Record<RecordingState, Readonly<Partial<Record<RecordingEvent, RecordingState>>>>
> = {
  NOT_RECORDING: { start: 'PENDING' },
  PENDING: { started: 'RECORDING', failed: 'NOT_RECORDING', stop: 'NOT_RECORDING' },
  RECORDING: { failed: 'NOT_RECORDING', stop: 'NOT_RECORDING' },
};

export function nextRecordingState(state: RecordingState, event: RecordingEvent): RecordingState {
  return RECORDING_TRANSITIONS[state][event] ?? state;
}

export function canStop(state: RecordingState): boolean {
  return RECORDING_TRANSITIONS[state].stop !== undefined;
}

export function canStart(state: RecordingState): boolean {
  return RECORDING_TRANSITIONS[state].start !== undefined;
}
