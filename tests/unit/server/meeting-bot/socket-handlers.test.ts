/**
 * The meeting bot's socket handlers on a fake context and fake bots: requests and their answers,
 * ending it, its language, and a typed reply spoken into the meeting (its refusals, its line in
 * the room, the voice played through the bot).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  avaBotTextToSpeech,
  endAvaBot,
  requestAvaBot,
  updateAvaBotSpeechLang,
} from '../../../../src/server/meeting-bot/socket-handlers';
import type { MeetingBots } from '../../../../src/server/meeting-bot/room-bots';
import type { BotRequestResult } from '../../../../src/server/meeting-bot/room-bots';
import type { SynthesisRequest, TtsEngine } from '../../../../src/native/tts/types';
import { BOT_PANEL_TEXTS } from '../../../../src/shared/meeting-bot';
import { fakeMemberContext } from '../../../helpers/socket-context';

const MEETING = 'https://meet.google.com/abc-defg-hij';

function withBots(options: { canSpeak?: boolean; tts?: boolean } = {}) {
  const bots = {
    request: vi.fn((): BotRequestResult => ({ ok: true })),
    statusFor: vi.fn((): ReturnType<MeetingBots['statusFor']> => undefined),
    end: vi.fn(async () => {}),
    updateSpeechLang: vi.fn(),
    canSpeak: vi.fn(() => options.canSpeak ?? true),
    speechLangOf: vi.fn((): string | undefined => 'fr-FR'),
    speak: vi.fn(async () => true),
  };
  const requests: SynthesisRequest[] = [];
  const engine = {
    id: 'fake:1',
    kind: 'espeak-ng',
    sampleRate: 22050,
    langs: ['fr'],
    supports: () => true,
    languageOf: () => 'fr',
    async *synthesize(request: SynthesisRequest) {
      requests.push(request);
      yield new Int16Array(4);
    },
  } satisfies TtsEngine;
  const fake = fakeMemberContext({
    deps: {
      meetingBots: bots as unknown as MeetingBots,
      ...(options.tts === false ? {} : { tts: { ok: true as const, engine } }),
    },
  });
  return { ...fake, bots, requests };
}

describe('request-ava-bot', () => {
  it('sends the bot into the meeting in the language named', () => {
    const { ctx, bots, room, errors, sent } = withBots();
    requestAvaBot(ctx, { type: 'request-ava-bot', meetingUrl: MEETING, speechLang: 'fr-FR' });
    expect(bots.request).toHaveBeenCalledWith(room, MEETING, 'fr-FR');
    expect(errors).toEqual([]);
    expect(sent).toEqual([]);
  });

  it('a second request is answered with the bot’s status and why', () => {
    const { ctx, bots, sent } = withBots();
    const status = { type: 'ava-bot-status', status: 'CAPTIONING' } as const;
    bots.request.mockReturnValue({ ok: false, reason: 'requested-already', message: 'already' });
    bots.statusFor.mockReturnValue(status);
    requestAvaBot(ctx, { type: 'request-ava-bot', meetingUrl: MEETING, speechLang: 'fr-FR' });
    expect(sent).toEqual([{ ...status, error: 'ava_bot_requested_already' }]);
  });

  it('a link that is not a meeting’s is refused with the panel’s text', () => {
    const { ctx, bots, errors } = withBots();
    bots.request.mockReturnValue({ ok: false, reason: 'invalid-link', message: BOT_PANEL_TEXTS.invalidLink });
    requestAvaBot(ctx, { type: 'request-ava-bot', meetingUrl: 'https://example.com', speechLang: 'fr-FR' });
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: `request-ava-bot.meetingUrl: ${BOT_PANEL_TEXTS.invalidLink}`,
        inReplyTo: 'request-ava-bot',
      },
    ]);
  });

  it('a server without meeting bots says so', () => {
    const { ctx, errors } = fakeMemberContext();
    requestAvaBot(ctx, { type: 'request-ava-bot', meetingUrl: MEETING, speechLang: 'fr-FR' });
    expect(errors).toEqual([
      { code: 'forbidden', message: BOT_PANEL_TEXTS.notAvailable, inReplyTo: 'request-ava-bot' },
    ]);
  });
});

describe('end-ava-bot and update-ava-bot-speech-lang', () => {
  it('take the bot out and change its language, for this room', async () => {
    const { ctx, bots, room } = withBots();
    await endAvaBot(ctx, { type: 'end-ava-bot' });
    updateAvaBotSpeechLang(ctx, { type: 'update-ava-bot-speech-lang', speechLang: 'de-DE' });
    expect(bots.end).toHaveBeenCalledWith(room);
    expect(bots.updateSpeechLang).toHaveBeenCalledWith(room, 'de-DE');
  });

  it('do nothing on a server without bots', async () => {
    const { ctx, errors } = fakeMemberContext();
    await endAvaBot(ctx, { type: 'end-ava-bot' });
    updateAvaBotSpeechLang(ctx, { type: 'update-ava-bot-speech-lang', speechLang: 'de-DE' });
    expect(errors).toEqual([]);
  });
});

describe('ava-bot-text-to-speech', () => {
  it('adds the line in the meeting’s language and plays the voice through the bot', async () => {
    const { ctx, bots, room, member, requests } = withBots();
    avaBotTextToSpeech(ctx, { type: 'ava-bot-text-to-speech', text: ' Bonjour ' });
    expect(room.addTypedLine).toHaveBeenCalledWith(member, 'Bonjour', 'fr-FR');
    await vi.waitFor(() => expect(bots.speak).toHaveBeenCalledWith(room, new Int16Array(4), 22050));
    expect(requests[0]).toMatchObject({ text: 'Bonjour', voice: 'echo', lang: 'fr-FR' });
  });

  it('refuses nothing but spaces', () => {
    const { ctx, errors } = withBots();
    avaBotTextToSpeech(ctx, { type: 'ava-bot-text-to-speech', text: '  ' });
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: 'ava-bot-text-to-speech.text: nothing to say once spaces are removed',
        inReplyTo: 'ava-bot-text-to-speech',
      },
    ]);
  });

  it('says so, and adds no line, when the bot cannot speak or there is no voice', () => {
    const mute = withBots({ canSpeak: false });
    avaBotTextToSpeech(mute.ctx, { type: 'ava-bot-text-to-speech', text: 'Hi' });
    const voiceless = withBots({ tts: false });
    avaBotTextToSpeech(voiceless.ctx, { type: 'ava-bot-text-to-speech', text: 'Hi' });
    const nobot = fakeMemberContext();
    avaBotTextToSpeech(nobot.ctx, { type: 'ava-bot-text-to-speech', text: 'Hi' });
    const cannotSpeak = {
      code: 'speech-unavailable',
      message: 'the meeting bot cannot speak into the meeting; your reply was not sent to the meeting',
      inReplyTo: 'ava-bot-text-to-speech',
    };
    expect(mute.errors).toEqual([cannotSpeak]);
    expect(nobot.errors).toEqual([cannotSpeak]);
    expect(voiceless.errors).toEqual([
      {
        code: 'speech-unavailable',
        message: 'text-to-speech is not available on this server; your reply was not spoken',
        inReplyTo: 'ava-bot-text-to-speech',
      },
    ]);
    for (const { room } of [mute, voiceless, nobot]) expect(room.addTypedLine).not.toHaveBeenCalled();
  });

  it.each(['ttsRequests', 'typedMessages'] as const)('is refused over the %s limit', (limit) => {
    const { ctx, errors, rates, room, bots } = withBots();
    rates[limit].refuse();
    avaBotTextToSpeech(ctx, { type: 'ava-bot-text-to-speech', text: 'Hi' });
    expect(errors).toEqual([
      {
        code: 'rate-limited',
        message: 'replies are being voiced too fast; wait a moment',
        inReplyTo: 'ava-bot-text-to-speech',
      },
    ]);
    expect(room.addTypedLine).not.toHaveBeenCalled();
    expect(bots.speak).not.toHaveBeenCalled();
  });

  it('the line falls back to the default language when the bot has none', () => {
    const { ctx, bots, room, member } = withBots();
    bots.speechLangOf.mockReturnValue(undefined);
    avaBotTextToSpeech(ctx, { type: 'ava-bot-text-to-speech', text: 'Hi' });
    expect(room.addTypedLine).toHaveBeenCalledWith(member, 'Hi', 'en-US');
  });
});
