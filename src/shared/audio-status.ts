/**
 * The desktop audio status of the spec (conversation.md section 4, "Audio status (desktop)"):
 * recording, pending, not recording.
 *
 * - volume received while the link is connected sets recording;
 * - the link connecting (or new) sets pending, unless already pending;
 * - no volume for VOLUME_SILENCE_TIMEOUT_MS stops audio;
 * - the link closed, disconnected or failed sets not recording.
 *
 * "Link" is whatever carries the audio: the room's socket, or the on-device speech process when
 * captions are made offline. "Volume" is a level report from the capture pipeline (silence
 * included): its absence for 5 s means the pipeline is dead, not that the room is quiet.
 */

export const AUDIO_STATUSES = ['recording', 'pending', 'notRecording'] as const;
export type AudioStatus = (typeof AUDIO_STATUSES)[number];

export const LINK_STATES = ['new', 'connecting', 'connected', 'disconnected', 'failed', 'closed'] as const;
export type LinkState = (typeof LINK_STATES)[number];

export type AudioStatusEvent =
  | { type: 'link'; state: LinkState }
  | { type: 'volume' }
  /** No volume report for VOLUME_SILENCE_TIMEOUT_MS. */
  | { type: 'volumeTimeout' }
  /** The user stopped captions. */
  | { type: 'stopped' };

export interface AudioStatusState {
  status: AudioStatus;
  link: LinkState;
}

export const initialAudioStatus: AudioStatusState = { status: 'notRecording', link: 'closed' };

export interface AudioStatusTransition {
  state: AudioStatusState;
  /** True when the transition means audio capture must stop (no volume for 5 s). */
  stopAudio: boolean;
}

/** What each link state does to the status, given the status before. */
const LINK_TABLE: Record<LinkState, (status: AudioStatus) => AudioStatus> = {
  new: (s) => (s === 'pending' ? s : 'pending'),
  connecting: (s) => (s === 'pending' ? s : 'pending'),
  // Connected alone is not recording yet: that waits for the first volume.
  connected: (s) => s,
  disconnected: () => 'notRecording',
  failed: () => 'notRecording',
  closed: () => 'notRecording',
};

export function nextAudioStatus(state: AudioStatusState, event: AudioStatusEvent): AudioStatusTransition {
  switch (event.type) {
    case 'link':
      return {
        state: { link: event.state, status: LINK_TABLE[event.state](state.status) },
        stopAudio: false,
      };
    case 'volume':
      return {
        state: state.link === 'connected' ? { ...state, status: 'recording' } : state,
        stopAudio: false,
      };
    case 'volumeTimeout':
      // Only a recording (or starting) pipeline can go silent; otherwise there is nothing to stop.
      return state.status === 'notRecording'
        ? { state, stopAudio: false }
        : { state: { ...state, status: 'notRecording' }, stopAudio: true };
    case 'stopped':
      return { state: { ...state, status: 'notRecording' }, stopAudio: false };
  }
}
