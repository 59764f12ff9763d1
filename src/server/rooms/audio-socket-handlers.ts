/**
 * Recording on the socket (who may is the access table's): one's own audio starts and stops, the
 * WebRTC signalling of a recording started with format webrtc, and flushing one's recorder. The
 * server decides each recording's tier when it starts (Premium only to those entitled). The
 * audio itself (binary frames, WebRTC samples) is socket/audio-intake.ts's.
 */
import { recognitionLanguageRefusal } from '../../shared/recognition-languages';
import { servedTier } from '../auth';
import type { SocketHandler, SocketHandlers } from '../socket';

export const audio: SocketHandler<'audio'> = async (ctx, message) => {
  const { room, member, webrtc } = ctx;
  if (message.action !== 'start') {
    ctx.recording.stopped();
    await webrtc.stop();
    await room.stopAudio(member);
    return;
  }
  if (!message.metadata) {
    ctx.fail('invalid-message', 'audio: metadata is required to start recording', message.type);
    return;
  }
  const viaWebRtc = message.metadata.format === 'webrtc';
  if (message.metadata.late && (viaWebRtc || !message.metadata.capture)) {
    ctx.fail(
      'invalid-message',
      'audio.metadata.late: held audio is sent as pcm_s16le frames, with its capture',
      message.type,
    );
    return;
  }
  if (viaWebRtc && !webrtc.enabled) {
    ctx.fail(
      'invalid-message',
      'audio.metadata.format: WebRTC audio is off on this server; send pcm_s16le frames',
      message.type,
    );
    return;
  }
  if (!ctx.rates.audioStarts.take()) {
    ctx.fail('rate-limited', 'recording is being started too often; wait a moment', message.type);
    return;
  }
  const source = message.metadata.source;
  let shownAs: { avaId: string; name: string } | undefined;
  if (source?.kind === 'computer-audio') {
    if (!source.label) {
      ctx.fail(
        'invalid-message',
        'audio.metadata.source.label: the computer’s sound needs its label (“Computer audio” in your language, or the meeting’s name)',
        message.type,
      );
      return;
    }
    shownAs = await room.streamSpeaker(member, source.label);
  }
  // A start on the socket after WebRTC (its fallback) ends the peer connection first.
  await webrtc.stop();
  // The server decides the stream's tier now, from the plan and credit as they are now.
  const grant = await ctx.premium.grantOf(ctx.principal);
  member.usePaidASR = servedTier(ctx.premium.asked, grant) === 'premium';
  member.premiumOnCredit = member.usePaidASR && grant === 'credit';
  if (message.metadata.late && message.metadata.capture) {
    // Held audio: decoded as a catch-up stream of its own; the live start that follows ends it.
    // The computer's sound (the desktop's "both") is held too, under its own name.
    const { lang, capture, resumedFromMs } = message.metadata;
    if (shownAs) room.startHeldAudio(member, lang, capture, resumedFromMs, shownAs);
    else room.startHeldAudio(member, lang, capture, resumedFromMs);
    ctx.recording.started(false);
    return;
  }
  room.startAudio(
    member,
    message.metadata.lang,
    message.metadata.resumedFromMs,
    shownAs,
    // Over the socket the client's frames follow its start at once (queued behind it
    // while the awaits above run); over WebRTC audio starts once the peer connects.
    viaWebRtc ? undefined : ctx.receivedAtMs,
    message.metadata.capture,
  );
  // From now its audio must come, or the recording is stopped (socket/recording-watch.ts).
  ctx.recording.started(viaWebRtc);
  if (viaWebRtc) {
    try {
      await webrtc.start();
    } catch (error) {
      ctx.deps.log('warn', 'WebRTC audio could not be set up', { error: (error as Error).message });
      ctx.fail('internal', 'WebRTC audio could not be set up; send pcm_s16le frames', message.type);
    }
  }
};

/** The client's answer to the server's offer, or an ICE candidate. */
export const webrtcSignal: SocketHandler<'webrtc'> = async (ctx, message) => {
  const problem = await ctx.webrtc.signal(message);
  if (problem) ctx.fail('invalid-message', problem, message.type);
};

export const webrtcTrackMetadata: SocketHandler<'webrtc-track-metadata'> = (ctx, message) => {
  const problem = ctx.webrtc.describeTrack(message);
  if (problem) ctx.fail('invalid-message', problem, message.type);
};

export const resetRecorder: SocketHandler<'reset-recorder'> = (ctx) => {
  ctx.room.resetRecorder(ctx.member);
};

/** One's WebRTC microphone track muted or unmuted: the room shows it, and ends the line being spoken. */
export const webrtcTrackMute: SocketHandler<'webrtc-track-mute'> = (ctx, message) => {
  const problem = ctx.webrtc.trackMute(message);
  if (problem) ctx.fail('invalid-message', problem, message.type);
  else if (!ctx.room.recordings.setMuted(ctx.member, message.muted))
    ctx.fail('recording-not-started', 'webrtc-track-mute: you are not recording', message.type);
};

/**
 * A speaker's recognition language (the host's for anyone, a member's for themself: the access
 * table's `own`). A language no installed engine recognises is refused with the reason; a
 * recording goes on in the new one, and the target's clients are told.
 */
export const changeSpeakerLanguage: SocketHandler<'change-speaker-language'> = (ctx, message) => {
  const refusal = ctx.deps.speechLangs
    ? recognitionLanguageRefusal(message.language, ctx.deps.speechLangs())
    : undefined;
  if (refusal) {
    ctx.fail('speech-unavailable', refusal, message.type);
    return;
  }
  const targets = ctx.room.membersOf(message.targetAvaId);
  if (targets.length === 0) {
    ctx.fail(
      'invalid-message',
      'change-speaker-language.targetAvaId: nobody of that id is in this room',
      message.type,
    );
    return;
  }
  ctx.room.recordings.changeLanguage(message.targetAvaId, message.language);
  for (const target of targets) target.send({ type: 'speaker-language', language: message.language });
};

/** Recording's part of the socket's handler table (socket/handlers.ts). */
export const RECORDING_SOCKET_HANDLERS = {
  audio,
  webrtc: webrtcSignal,
  'webrtc-track-metadata': webrtcTrackMetadata,
  'reset-recorder': resetRecorder,
  'webrtc-track-mute': webrtcTrackMute,
  'change-speaker-language': changeSpeakerLanguage,
} satisfies Partial<SocketHandlers>;
