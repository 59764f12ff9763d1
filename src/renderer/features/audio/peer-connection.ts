/**
 * The seam between the WebRTC saga and the browser's RTCPeerConnection: the saga sees an
 * `AudioPeer`; the browser build gives it `browserAudioPeer`, unit tests a fake.
 */
import {
  type IceCandidateInit,
  type IceServerInit,
  type SessionDescriptionInit,
  toIceCandidateInit,
} from '../../../shared/webrtc';
import type { PeerConnectionState } from './webrtc-negotiation';

export type PeerEvent =
  { kind: 'candidate'; candidate: IceCandidateInit } | { kind: 'state'; state: PeerConnectionState };

export interface AudioPeer {
  /** Answers the server's offer with `track` as the sent audio. */
  answer(
    offer: SessionDescriptionInit<'offer'>,
    track: MediaStreamTrack,
  ): Promise<{ answer: SessionDescriptionInit<'answer'>; mid?: string }>;
  addCandidate(candidate: IceCandidateInit): Promise<void>;
  subscribe(listener: (event: PeerEvent) => void): () => void;
  /** While a voiced reply plays: the track sends silence (the clock of the stream runs on). */
  setMuted(muted: boolean): void;
  close(): void;
}

export type PeerConnectionFactory = (iceServers: IceServerInit[]) => AudioPeer;

export function browserAudioPeer(iceServers: IceServerInit[]): AudioPeer {
  const pc = new RTCPeerConnection({ iceServers });
  const listeners = new Set<(event: PeerEvent) => void>();
  const emit = (event: PeerEvent) => listeners.forEach((l) => l(event));
  let sent: MediaStreamTrack | undefined;
  pc.onicecandidate = (event) => {
    if (event.candidate?.candidate)
      emit({
        kind: 'candidate',
        candidate: toIceCandidateInit(event.candidate.toJSON() as { candidate: string }),
      });
  };
  pc.onconnectionstatechange = () => emit({ kind: 'state', state: pc.connectionState });
  return {
    async answer(offer, track) {
      await pc.setRemoteDescription(offer);
      const transceiver = pc.getTransceivers().find((t) => t.receiver.track.kind === 'audio');
      if (!transceiver) throw new Error('the offer has no audio line');
      transceiver.direction = 'sendonly';
      await transceiver.sender.replaceTrack(track);
      sent = track;
      await pc.setLocalDescription(await pc.createAnswer());
      const sdp = pc.localDescription?.sdp;
      if (!sdp) throw new Error('no answer was made');
      return { answer: { type: 'answer', sdp }, ...(transceiver.mid ? { mid: transceiver.mid } : {}) };
    },
    async addCandidate(candidate) {
      await pc.addIceCandidate(candidate);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setMuted(muted) {
      if (sent) sent.enabled = !muted;
    },
    close() {
      // The track is the microphone's own, which the capture goes on using: left enabled.
      if (sent) sent.enabled = true;
      listeners.clear();
      pc.close();
    },
  };
}
