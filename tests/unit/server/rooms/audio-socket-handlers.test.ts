/**
 * Recording's socket handlers on a fake context: the checks of an audio start and their texts,
 * the tier the server decides at each start (Premium only when granted, whatever was asked), when
 * the stream starts, and the WebRTC signalling's answers.
 */
import { describe, expect, it } from 'vitest';
import {
  audio,
  changeSpeakerLanguage,
  resetRecorder,
  webrtcTrackMute,
  webrtcSignal,
  webrtcTrackMetadata,
} from '../../../../src/server/rooms/audio-socket-handlers';
import type { ClientMessageOf } from '../../../../src/shared/protocol';
import type { PremiumGrant } from '../../../../src/server/auth/entitlements';
import { fakeMember, fakeMemberContext } from '../../../helpers/socket-context';

type Metadata = NonNullable<ClientMessageOf<'audio'>['metadata']>;

function start(metadata: Partial<Metadata> = {}): ClientMessageOf<'audio'> {
  return {
    type: 'audio',
    action: 'start',
    metadata: {
      lang: 'en-US',
      format: 'pcm_s16le',
      sampleRateHz: 16000,
      recordingMode: 'web',
      chunkLengthMs: 60,
      recordingStart: 0,
      ...metadata,
    },
  };
}

describe('audio start', () => {
  it('starts the member’s stream from when the message arrived, after ending any WebRTC peer', async () => {
    const { ctx, room, member, webrtc, errors } = fakeMemberContext({ receivedAtMs: 12_345 });
    room.startAudio.mockImplementation(() => {
      expect(webrtc.stop).toHaveBeenCalledTimes(1);
    });
    await audio(ctx, start({ resumedFromMs: 4_000 }));
    expect(errors).toEqual([]);
    expect(room.startAudio).toHaveBeenCalledWith(member, 'en-US', 4_000, undefined, 12_345, undefined);
    expect(webrtc.start).not.toHaveBeenCalled();
  });

  it('gives the room where the frames sit in the microphone’s capture', async () => {
    const { ctx, room, member } = fakeMemberContext({ receivedAtMs: 9 });
    const capture = { id: 'cap1', offsetSamples: 960, atMs: 5_000 };
    await audio(ctx, start({ capture }));
    expect(room.startAudio).toHaveBeenCalledWith(member, 'en-US', undefined, undefined, 9, capture);
  });

  it('starts held audio as a catch-up stream, not as the live one', async () => {
    const { ctx, room, member, errors } = fakeMemberContext();
    const capture = { id: 'cap1', offsetSamples: 0, atMs: 5_000 };
    await audio(ctx, start({ late: true, capture, resumedFromMs: 4_000 }));
    expect(errors).toEqual([]);
    expect(room.startHeldAudio).toHaveBeenCalledWith(member, 'en-US', capture, 4_000);
    expect(room.startAudio).not.toHaveBeenCalled();
  });

  it('starts the computer’s held sound (the desktop’s "both") under its own name', async () => {
    const { ctx, room, member, errors } = fakeMemberContext();
    const capture = { id: 'cap2', offsetSamples: 0, atMs: 5_000 };
    const source = { kind: 'computer-audio' as const, label: 'Weekly sync' };
    await audio(ctx, start({ late: true, capture, source }));
    expect(errors).toEqual([]);
    expect(room.streamSpeaker).toHaveBeenCalledWith(member, 'Weekly sync');
    expect(room.startHeldAudio).toHaveBeenCalledWith(member, 'en-US', capture, undefined, {
      avaId: 'computer1',
      name: 'Weekly sync',
    });
    expect(room.startAudio).not.toHaveBeenCalled();
  });

  it.each<[string, Partial<Metadata>]>([
    ['without its capture', { late: true }],
    ['by WebRTC', { late: true, format: 'webrtc', capture: { id: 'c', offsetSamples: 0, atMs: 1 } }],
  ])('refuses held audio %s', async (_case, metadata) => {
    const { ctx, room, errors } = fakeMemberContext();
    await audio(ctx, start(metadata));
    expect(errors.map((e) => e.code)).toEqual(['invalid-message']);
    expect(room.startHeldAudio).not.toHaveBeenCalled();
    expect(room.startAudio).not.toHaveBeenCalled();
  });

  it('refuses a start without metadata', async () => {
    const { ctx, room, errors } = fakeMemberContext();
    await audio(ctx, { type: 'audio', action: 'start' });
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: 'audio: metadata is required to start recording',
        inReplyTo: 'audio',
      },
    ]);
    expect(room.startAudio).not.toHaveBeenCalled();
  });

  it('refuses WebRTC where it is off, before taking from the limit', async () => {
    const { ctx, room, errors, rates } = fakeMemberContext({ webrtcEnabled: false });
    await audio(ctx, start({ format: 'webrtc' }));
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: 'audio.metadata.format: WebRTC audio is off on this server; send pcm_s16le frames',
        inReplyTo: 'audio',
      },
    ]);
    expect(rates.audioStarts.take).not.toHaveBeenCalled();
    expect(room.startAudio).not.toHaveBeenCalled();
  });

  it('refuses starts over the connection’s limit', async () => {
    const { ctx, room, errors, rates } = fakeMemberContext();
    rates.audioStarts.refuse();
    await audio(ctx, start());
    expect(errors).toEqual([
      {
        code: 'rate-limited',
        message: 'recording is being started too often; wait a moment',
        inReplyTo: 'audio',
      },
    ]);
    expect(room.startAudio).not.toHaveBeenCalled();
  });

  it('the computer’s sound needs its label, and its lines are shown as that speaker', async () => {
    const unlabelled = fakeMemberContext();
    await audio(unlabelled.ctx, start({ source: { kind: 'computer-audio' } }));
    expect(unlabelled.errors).toEqual([
      {
        code: 'invalid-message',
        message:
          'audio.metadata.source.label: the computer’s sound needs its label (“Computer audio” in your language, or the meeting’s name)',
        inReplyTo: 'audio',
      },
    ]);
    expect(unlabelled.room.streamSpeaker).not.toHaveBeenCalled();

    const { ctx, room, member } = fakeMemberContext({ receivedAtMs: 7 });
    await audio(ctx, start({ source: { kind: 'computer-audio', label: 'Team meeting' } }));
    expect(room.streamSpeaker).toHaveBeenCalledWith(member, 'Team meeting');
    expect(room.startAudio).toHaveBeenCalledWith(
      member,
      'en-US',
      undefined,
      { avaId: 'computer1', name: 'Team meeting' },
      7,
      undefined,
    );
  });

  it.each<[boolean | undefined, PremiumGrant, boolean, boolean]>([
    // asked, grant, usePaidASR, premiumOnCredit
    [undefined, 'plan', true, false],
    [undefined, 'credit', true, true],
    [true, 'everyone', true, false],
    [true, 'none', false, false],
    [false, 'credit', false, false],
    [undefined, 'none', false, false],
  ])('asked %s with grant %s: Premium %s, on credit %s', async (asked, grant, paid, onCredit) => {
    const { ctx, member, premium } = fakeMemberContext({ grant });
    premium.asked = asked;
    member.usePaidASR = !paid;
    await audio(ctx, start());
    expect(member.usePaidASR).toBe(paid);
    expect(member.premiumOnCredit).toBe(onCredit);
    expect(premium.grantOf).toHaveBeenCalledWith(ctx.principal);
  });

  it('over WebRTC the stream waits for the peer, and the offer is made after it starts', async () => {
    const { ctx, room, member, webrtc } = fakeMemberContext({ webrtcEnabled: true });
    webrtc.start.mockImplementation(async () => {
      expect(room.startAudio).toHaveBeenCalledWith(member, 'en-US', undefined, undefined, undefined);
    });
    await audio(ctx, start({ format: 'webrtc' }));
    expect(webrtc.start).toHaveBeenCalledTimes(1);
  });

  it('a WebRTC peer that cannot be set up is logged and the client told to send frames', async () => {
    const { ctx, webrtc, errors, log } = fakeMemberContext({ webrtcEnabled: true });
    webrtc.start.mockRejectedValue(new Error('no ports'));
    await audio(ctx, start({ format: 'webrtc' }));
    expect(log).toHaveBeenCalledWith('warn', 'WebRTC audio could not be set up', { error: 'no ports' });
    expect(errors).toEqual([
      {
        code: 'internal',
        message: 'WebRTC audio could not be set up; send pcm_s16le frames',
        inReplyTo: 'audio',
      },
    ]);
  });

  it('tells the recording’s watch of a stream that started, and how its audio is to come (F-01)', async () => {
    const socket = fakeMemberContext();
    await audio(socket.ctx, start());
    expect(socket.recording.started).toHaveBeenCalledWith(false);
    const peer = fakeMemberContext({ webrtcEnabled: true });
    peer.webrtc.start.mockImplementation(async () => {
      expect(peer.recording.started).toHaveBeenCalledWith(true);
    });
    await audio(peer.ctx, start({ format: 'webrtc' }));
    expect(peer.webrtc.start).toHaveBeenCalledTimes(1);
  });

  it('a start the room refuses is not watched: it holds nothing', async () => {
    const { ctx, room, recording } = fakeMemberContext();
    room.startAudio.mockImplementation(() => {
      throw new Error('speech-unavailable');
    });
    await expect(audio(ctx, start())).rejects.toThrow('speech-unavailable');
    expect(recording.started).not.toHaveBeenCalled();
  });
});

describe('audio stop', () => {
  it('ends the WebRTC peer, then the member’s stream', async () => {
    const { ctx, room, member, webrtc } = fakeMemberContext();
    room.stopAudio.mockImplementation(async () => {
      expect(webrtc.stop).toHaveBeenCalledTimes(1);
    });
    await audio(ctx, { type: 'audio', action: 'stop' });
    expect(ctx.recording.stopped).toHaveBeenCalledTimes(1);
    expect(room.stopAudio).toHaveBeenCalledWith(member);
    expect(room.startAudio).not.toHaveBeenCalled();
    expect(ctx.rates.audioStarts.take).not.toHaveBeenCalled();
  });
});

describe('WebRTC signalling and the recorder', () => {
  it('webrtc passes the answer on and sends back its problem, if any', async () => {
    const { ctx, webrtc, errors } = fakeMemberContext();
    const answer = { type: 'webrtc', answer: { type: 'answer', sdp: 'v=0' } } as const;
    await webrtcSignal(ctx, answer);
    expect(webrtc.signal).toHaveBeenCalledWith(answer);
    expect(errors).toEqual([]);
    webrtc.signal.mockResolvedValue('webrtc: no WebRTC audio is being set up');
    await webrtcSignal(ctx, answer);
    expect(errors).toEqual([
      { code: 'invalid-message', message: 'webrtc: no WebRTC audio is being set up', inReplyTo: 'webrtc' },
    ]);
  });

  it('webrtc-track-metadata names the track, or says why it cannot', () => {
    const { ctx, webrtc, errors } = fakeMemberContext();
    const metadata = { type: 'webrtc-track-metadata', trackId: 'mic', kind: 'microphone' } as const;
    webrtcTrackMetadata(ctx, metadata);
    expect(webrtc.describeTrack).toHaveBeenCalledWith(metadata);
    expect(errors).toEqual([]);
    webrtc.describeTrack.mockReturnValue('webrtc-track-metadata: no WebRTC audio is being set up');
    webrtcTrackMetadata(ctx, metadata);
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: 'webrtc-track-metadata: no WebRTC audio is being set up',
        inReplyTo: 'webrtc-track-metadata',
      },
    ]);
  });

  it('reset-recorder flushes the member’s own recording', () => {
    const { ctx, room, member } = fakeMemberContext();
    resetRecorder(ctx, { type: 'reset-recorder' });
    expect(room.resetRecorder).toHaveBeenCalledWith(member);
  });
});

describe('change-speaker-language', () => {
  const message = (language: string, targetAvaId = 'guest2') =>
    ({ type: 'change-speaker-language', language, targetAvaId }) as const;

  it('refuses a language no installed engine recognises, with the reason, and changes nothing', () => {
    const { ctx, room, errors } = fakeMemberContext({ deps: { speechLangs: () => ['en-US', 'en'] } });
    const target = fakeMember('guest2');
    room.membersOf.mockReturnValue([target]);
    changeSpeakerLanguage(ctx, message('fr-FR'));
    expect(errors).toEqual([
      {
        code: 'speech-unavailable',
        message: 'no speech recognition for fr-FR is installed on this server; it recognises en-US, en',
        inReplyTo: 'change-speaker-language',
      },
    ]);
    expect(room.recordings.changeLanguage).not.toHaveBeenCalled();
    expect(target.send).not.toHaveBeenCalled();
  });

  it('changes a served language: the recording goes on in it and each of the target’s clients is told', () => {
    const { ctx, room, errors } = fakeMemberContext({ deps: { speechLangs: () => ['en-US', 'en'] } });
    const phone = fakeMember('guest2');
    const laptop = fakeMember('guest2');
    room.membersOf.mockReturnValue([phone, laptop]);
    changeSpeakerLanguage(ctx, message('en-GB'));
    expect(errors).toEqual([]);
    expect(room.membersOf).toHaveBeenCalledWith('guest2');
    expect(room.recordings.changeLanguage).toHaveBeenCalledWith('guest2', 'en-GB');
    for (const client of [phone, laptop])
      expect(client.send).toHaveBeenCalledWith({ type: 'speaker-language', language: 'en-GB' });
  });

  it('refuses a target who is not in the room', () => {
    const { ctx, room, errors } = fakeMemberContext({ deps: { speechLangs: () => ['en-US'] } });
    changeSpeakerLanguage(ctx, message('en-US', 'nobody'));
    expect(errors[0]?.code).toBe('invalid-message');
    expect(room.recordings.changeLanguage).not.toHaveBeenCalled();
  });
});

describe('webrtc-track-mute', () => {
  it('marks one’s recording muted once the track is the WebRTC recording’s', () => {
    const { ctx, room, member, errors } = fakeMemberContext();
    webrtcTrackMute(ctx, { type: 'webrtc-track-mute', trackId: 'mic-1', muted: true });
    expect(errors).toEqual([]);
    expect(room.recordings.setMuted).toHaveBeenCalledWith(member, true);
  });

  it('refuses a track that is not the recording’s, and a member who is not recording', () => {
    const wrong = fakeMemberContext();
    wrong.webrtc.trackMute.mockReturnValue(
      'webrtc-track-mute.trackId: not the track named by webrtc-track-metadata',
    );
    webrtcTrackMute(wrong.ctx, { type: 'webrtc-track-mute', trackId: 'other', muted: true });
    expect(wrong.errors[0]?.code).toBe('invalid-message');
    expect(wrong.room.recordings.setMuted).not.toHaveBeenCalled();
    const idle = fakeMemberContext();
    idle.room.recordings.setMuted.mockReturnValue(false);
    webrtcTrackMute(idle.ctx, { type: 'webrtc-track-mute', trackId: 'mic-1', muted: false });
    expect(idle.errors[0]?.code).toBe('recording-not-started');
  });
});
