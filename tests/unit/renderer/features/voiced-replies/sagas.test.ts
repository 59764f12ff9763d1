import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authActions } from '../../../../../src/renderer/features/sign-in/slice';
import { socketActions } from '../../../../../src/renderer/features/socket/slice';
import { typedRepliesSaga } from '../../../../../src/renderer/features/typed-replies/sagas';
import { typedRepliesActions } from '../../../../../src/renderer/features/typed-replies/slice';
import type { Playback, VoicePlayer } from '../../../../../src/renderer/features/voiced-replies/player';
import {
  TRACK_TIMEOUT_ERROR,
  selectVoiceId,
  voicedRepliesSaga,
} from '../../../../../src/renderer/features/voiced-replies/sagas';
import {
  loadVoicedRepliesState,
  voicedRepliesActions,
} from '../../../../../src/renderer/features/voiced-replies/slice';
import { API } from '../../../../../src/shared/api';
import { STORAGE_KEYS } from '../../../../../src/shared/constants';
import type { ServerMessageOf } from '../../../../../src/shared/protocol';
import { TTS_ERROR_DISPLAY_MS, TTS_TRACK_TIMEOUT_MS, ttsVoiceList } from '../../../../../src/shared/tts';
import { int16ToBase64 } from '../../../../../src/shared/tts-audio';
import { parseWav } from '../../../../../src/shared/wav';
import { makeSignedInAuth } from '../../../../helpers/account-sagas';
import { FakeSocket, type Fakes, type Running, makeFakes, run } from '../../../../helpers/saga-harness';

const tick = (ms = 0) => vi.advanceTimersByTimeAsync(ms);
const RATE = 22_050;

/** A player that records what it was given and ends when the test says. */
class FakePlayer implements VoicePlayer {
  played: Uint8Array[] = [];
  stopped = 0;
  refuse = false;
  private finish: (() => void) | undefined;
  async play(wav: Uint8Array): Promise<Playback> {
    if (this.refuse) throw new Error('NotAllowedError');
    this.played.push(wav);
    return {
      ended: new Promise<void>((resolve) => (this.finish = resolve)),
      stop: () => void this.stopped++,
    };
  }
  end(): void {
    this.finish?.();
  }
}

function loud(seconds: number): Int16Array {
  const out = new Int16Array(Math.round(RATE * seconds));
  for (let i = 0; i < out.length; i++) out[i] = i % 2 === 0 ? 9000 : -9000;
  return out;
}

function answer(requestId: string, fields: Partial<ServerMessageOf<'response-text-to-speech'>>) {
  return socketActions.messageReceived({
    type: 'response-text-to-speech',
    requestId,
    isDone: false,
    sampleRate: RATE,
    voiceId: 'openai-echo',
    estimatedDurationMs: 10_000,
    ...fields,
  });
}

describe('voiced replies saga', () => {
  let fakes: Fakes;
  let player: FakePlayer;
  let app: Running;

  beforeEach(() => {
    vi.useFakeTimers();
    fakes = makeFakes();
    player = new FakePlayer();
    app = run(voicedRepliesSaga, [fakes.deps, player]);
  });
  afterEach(() => {
    app.task.cancel();
    vi.useRealTimers();
  });

  const request = (requestId = 'r1') =>
    app.dispatch(voicedRepliesActions.requested({ requestId, text: 'See you on Friday', lang: 'en-US' }));

  it('mutes the microphone from the request until the track ends, and plays the whole voice', async () => {
    request();
    await tick();
    expect(app.state.audio.muted).toBe(true);
    expect(app.state.voicedReplies.active).toEqual({ requestId: 'r1', playing: false });
    const audio = loud(2);
    app.dispatch(answer('r1', { audio: int16ToBase64(audio.subarray(0, 2048)) }));
    app.dispatch(answer('other', { audio: int16ToBase64(loud(0.1)) }));
    app.dispatch(answer('r1', { audio: int16ToBase64(audio.subarray(2048)) }));
    await tick();
    expect(player.played).toHaveLength(0);
    app.dispatch(answer('r1', { isDone: true }));
    await tick();
    expect(player.played).toHaveLength(1);
    const wav = parseWav(player.played[0]!);
    expect(wav.sampleRate).toBe(RATE);
    expect(wav.samples).toEqual(audio);
    expect(app.state.voicedReplies.active?.playing).toBe(true);
    await tick(1000);
    expect(app.state.audio.muted).toBe(true);
    player.end();
    await tick();
    expect(app.state.audio.muted).toBe(false);
    expect(app.state.voicedReplies.active).toBeUndefined();
    expect(player.stopped).toBe(1);
  });

  it('ends at the estimated duration when the track has not ended by then', async () => {
    request();
    app.dispatch(answer('r1', { audio: int16ToBase64(loud(4)), estimatedDurationMs: 2500 }));
    app.dispatch(answer('r1', { isDone: true }));
    await tick();
    await tick(2400);
    expect(app.state.audio.muted).toBe(true);
    await tick(200);
    expect(app.state.audio.muted).toBe(false);
    expect(player.stopped).toBe(1);
  });

  it('shows the server’s error for 2 s and unmutes at once', async () => {
    request();
    app.dispatch(
      answer('r1', { isDone: true, error: 'text-to-speech is unavailable: eSpeak NG is not available' }),
    );
    await tick();
    expect(app.state.audio.muted).toBe(false);
    expect(app.state.voicedReplies.error).toBe('text-to-speech is unavailable: eSpeak NG is not available');
    expect(player.played).toHaveLength(0);
    await tick(TTS_ERROR_DISPLAY_MS - 10);
    expect(app.state.voicedReplies.error).toBeDefined();
    await tick(20);
    expect(app.state.voicedReplies.error).toBeUndefined();
  });

  it('gives up when no answer comes within the track timeout, so the microphone never stays muted', async () => {
    request();
    await tick(TTS_TRACK_TIMEOUT_MS - 10);
    expect(app.state.audio.muted).toBe(true);
    await tick(20);
    expect(app.state.audio.muted).toBe(false);
    expect(app.state.voicedReplies.error).toBe(TRACK_TIMEOUT_ERROR);
  });

  it('says so when the browser will not play the voice', async () => {
    player.refuse = true;
    request();
    app.dispatch(answer('r1', { audio: int16ToBase64(loud(1)), isDone: true }));
    await tick();
    expect(app.state.audio.muted).toBe(false);
    expect(app.state.voicedReplies.error).toBe('this browser would not play the voice');
  });

  it('a new reply stops the one still speaking', async () => {
    request('r1');
    app.dispatch(answer('r1', { audio: int16ToBase64(loud(3)), isDone: true }));
    await tick();
    request('r2');
    await tick();
    expect(player.stopped).toBe(1);
    expect(app.state.audio.muted).toBe(true);
    expect(app.state.voicedReplies.active?.requestId).toBe('r2');
  });

  it('uses the built-in voices for a guest, and when the server’s list fails', async () => {
    app.dispatch(voicedRepliesActions.voicesRequested('fr-FR'));
    await tick();
    expect(app.state.voicedReplies).toMatchObject({
      voicesFromServer: false,
      voices: ttsVoiceList('fr-FR', 'echo'),
    });
    expect(fakes.http.calls).toHaveLength(0);
  });

  it('keeps the choices on the device', async () => {
    app.dispatch(voicedRepliesActions.speakAloudChanged(true));
    app.dispatch(voicedRepliesActions.voiceChosen('openai-shimmer'));
    app.dispatch(voicedRepliesActions.voiceChosen('openai-bogus'));
    await tick();
    expect(fakes.storage.get(STORAGE_KEYS.speakAloud)).toBe('true');
    expect(fakes.storage.get(STORAGE_KEYS.ttsVoice)).toBe('openai-shimmer');
    expect(loadVoicedRepliesState(fakes.storage)).toMatchObject({
      speakAloud: true,
      voiceId: 'openai-shimmer',
    });
  });
});

describe('voiced replies for an account', () => {
  it('takes the server’s list, and falls back to the built-in one when it fails', async () => {
    vi.useFakeTimers();
    const fakes = makeFakes();
    const app = run(voicedRepliesSaga, [fakes.deps, new FakePlayer()], {
      session: { status: 'ready', identity: { kind: 'account', avaId: 'a1', userName: 'Ann', token: 't' } },
      auth: makeSignedInAuth(),
    } as never);
    const server = ttsVoiceList('en-US', 'nova').map((v) => ({
      ...v,
      availableInUserLanguage: v.voiceProviderId !== 'onyx',
    }));
    fakes.http.on(
      'GET',
      `${API.ttsVoices}?lang=en-US`,
      { ok: true, status: 200, data: { voices: server, available: true } },
      {
        ok: false,
        status: 500,
        message: 'boom',
      },
    );
    app.dispatch(authActions.tokenFetched({ token: 't', atMs: Date.now() }));
    app.dispatch(voicedRepliesActions.voicesRequested('en-US'));
    await tick();
    expect(app.state.voicedReplies.voicesFromServer).toBe(true);
    expect(
      app.state.voicedReplies.voices.find((v) => v.voiceProviderId === 'onyx')?.availableInUserLanguage,
    ).toBe(false);
    app.dispatch(voicedRepliesActions.voicesRequested('en-US'));
    await tick();
    expect(app.state.voicedReplies.voicesFromServer).toBe(false);
    expect(app.state.voicedReplies.voices).toEqual(ttsVoiceList('en-US', 'echo'));
    app.task.cancel();
    vi.useRealTimers();
  });
});

describe('typed replies with Speak aloud on', () => {
  it('sends one request-text-to-speech (which adds the line) instead of typed-message, in the chosen voice', async () => {
    const fakes = makeFakes();
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    const app = run(typedRepliesSaga, [fakes.deps]);
    app.dispatch(socketActions.statusEvent('connect'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    app.dispatch(voicedRepliesActions.speakAloudChanged(true));
    app.dispatch(voicedRepliesActions.voiceChosen('openai-fable'));
    app.dispatch(typedRepliesActions.sendRequested({ id: 'l1', text: ' See you on Friday ' }));
    expect(socket.sentOfType('typed-message')).toEqual([]);
    const [sent] = socket.sentOfType('request-text-to-speech');
    expect(sent).toMatchObject({ text: 'See you on Friday', voiceId: 'openai-fable', lang: 'en-US' });
    const requested = app.actions.filter(voicedRepliesActions.requested.match);
    expect(requested.map((a) => a.payload.requestId)).toEqual([(sent as { requestId: string }).requestId]);
    expect(app.state.typedReplies.last).toEqual({ id: 'l1', sent: true });
  });
});

describe('others’ voiced replies', () => {
  it('asks the room for them when turned on (and on each connection), and plays them with the microphone muted', async () => {
    vi.useFakeTimers();
    const fakes = makeFakes();
    const socket = new FakeSocket('ws://test/ws');
    fakes.deps.link.attach(socket);
    const player = new FakePlayer();
    const app = run(voicedRepliesSaga, [fakes.deps, player]);
    app.dispatch(socketActions.statusEvent('connect'));
    app.dispatch(socketActions.statusEvent('succeeded'));
    // Off by default: nothing said, and a reply sent here anyway is not played.
    expect(socket.sentOfType('connection-params-update')).toEqual([]);
    app.dispatch(answer('bo.r1', { fromAvaId: 'bo', audio: int16ToBase64(loud(1)), isDone: true }));
    await tick();
    expect(player.played).toHaveLength(0);

    app.dispatch(voicedRepliesActions.playOthersChanged(true));
    await tick();
    expect(socket.sentOfType('connection-params-update')).toEqual([
      { type: 'connection-params-update', downAudio: true },
    ]);
    expect(fakes.storage.get(STORAGE_KEYS.playVoicedReplies)).toBe('true');
    app.dispatch(socketActions.statusEvent('succeeded'));
    expect(socket.sentOfType('connection-params-update')).toHaveLength(2);

    const audio = loud(1.5);
    app.dispatch(answer('bo.r2', { fromAvaId: 'bo', audio: int16ToBase64(audio.subarray(0, 2048)) }));
    await tick();
    expect(app.state.audio.muted).toBe(true);
    app.dispatch(answer('bo.r2', { fromAvaId: 'bo', audio: int16ToBase64(audio.subarray(2048)) }));
    app.dispatch(answer('bo.r2', { fromAvaId: 'bo', isDone: true }));
    await tick();
    expect(player.played).toHaveLength(1);
    expect(parseWav(player.played[0]!).samples).toEqual(audio);
    player.end();
    await tick();
    expect(app.state.audio.muted).toBe(false);
    app.task.cancel();
    vi.useRealTimers();
  });
});

describe('selectVoiceId', () => {
  const base = run(function* () {}, []).state;
  const account = (ttsVoice?: 'fable', ttsGender?: 'female') =>
    ({
      ...base,
      session: { status: 'ready', identity: { kind: 'account', avaId: 'a1', userName: 'Ann' } },
      profile: { ...base.profile, profile: { ttsVoice, ttsGender } },
    }) as never;

  it('takes the account’s onboarding voice over one kept on the device, but not over one chosen here', () => {
    const state = account('fable');
    expect(selectVoiceId(state)).toBe('openai-fable');
    const kept = {
      ...(state as object),
      voicedReplies: { ...base.voicedReplies, voiceId: 'openai-nova' },
    } as never;
    expect(selectVoiceId(kept)).toBe('openai-fable');
    const chosen = {
      ...(state as object),
      voicedReplies: { ...base.voicedReplies, voiceId: 'openai-nova', chosenHere: true },
    } as never;
    expect(selectVoiceId(chosen)).toBe('openai-nova');
  });

  it('falls back to the preferred gender’s voice, then to openai-echo', () => {
    expect(selectVoiceId(account(undefined, 'female'))).toBe('openai-nova');
    expect(selectVoiceId(base)).toBe('openai-echo');
    const guest = { ...base, voicedReplies: { ...base.voicedReplies, voiceId: 'openai-onyx' } };
    expect(selectVoiceId(guest)).toBe('openai-onyx');
  });
});
