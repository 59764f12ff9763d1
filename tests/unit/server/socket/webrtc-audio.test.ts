/**
 * The socket's WebRTC side does not hold up the socket's other messages on a candidate werift
 * is slow to take (a browser's <uuid>.local name, resolved by multicast for up to 10 s): the
 * socket handles its messages one after the other, pings too.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WebRtcAudio } from '../../../../src/server/socket/webrtc-audio';
import { AudioPeerSession } from '../../../../src/server/webrtc/peer-session';
import type { WebRtcConfig } from '../../../../src/server/webrtc/config';

const MDNS_CANDIDATE = {
  candidate: 'candidate:1 1 udp 2113937151 50765334-db2f-4410-9c59-697cd36b0304.local 52809 typ host',
  sdpMid: '0',
};

/** A session whose candidates settle only when the test says. */
function fakeSession() {
  const pending: Array<(error?: Error) => void> = [];
  const session = {
    offer: { type: 'offer', sdp: 'v=0\r\n' },
    stats: { packets: 0 },
    addCandidate: () =>
      new Promise<void>((resolve, reject) => {
        pending.push((error) => (error ? reject(error) : resolve()));
      }),
    close: async () => {},
  };
  return { session: session as unknown as AudioPeerSession, pending };
}

async function started(session: AudioPeerSession) {
  vi.spyOn(AudioPeerSession, 'open').mockResolvedValue(session);
  const log = vi.fn();
  const audio = new WebRtcAudio({
    config: { enabled: true } as WebRtcConfig,
    send: () => {},
    deliver: () => {},
    log,
  });
  await audio.start();
  return { audio, log };
}

describe('WebRTC candidates on the socket', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lets the next message go while a candidate is still being resolved, and logs its refusal later', async () => {
    vi.useFakeTimers();
    const { session, pending } = fakeSession();
    const { audio, log } = await started(session);
    let answered: string | undefined | 'waiting' = 'waiting';
    void audio.signal({ type: 'webrtc', iceCandidate: MDNS_CANDIDATE }).then((problem) => {
      answered = problem;
    });
    await vi.advanceTimersByTimeAsync(1000);
    // Well before werift's 10 s: the socket goes on with its other messages.
    expect(answered).toBeUndefined();
    expect(pending).toHaveLength(1);
    pending[0]!(new Error('no mDNS response'));
    await vi.advanceTimersByTimeAsync(0);
    expect(log).toHaveBeenCalledWith('warn', 'a WebRTC candidate was refused', {
      problem: 'webrtc: no mDNS response',
    });
  });

  it('still answers with the refusal of a candidate werift refuses at once', async () => {
    vi.useFakeTimers();
    const { session, pending } = fakeSession();
    const { audio } = await started(session);
    const answer = audio.signal({ type: 'webrtc', iceCandidate: MDNS_CANDIDATE });
    pending[0]!(new Error('Failed to parse ICE candidate'));
    expect(await answer).toBe('webrtc: Failed to parse ICE candidate');
  });
});
