/**
 * The voiced reply's socket handler on a fake context and a fake engine: its refusals and their
 * texts, the typed line that reaches the room whether or not a voice can be made, the voice read
 * to its sender and to the members who asked for voiced replies, and its stop when the socket
 * closes.
 */
import { describe, expect, it, vi } from 'vitest';
import { requestTextToSpeech } from '../../../../src/server/voiced-replies/socket-handlers';
import type { ServerMessage } from '../../../../src/shared/protocol';
import type { SynthesisRequest, TtsEngine } from '../../../../src/native/tts/types';
import { fakeMember, fakeMemberContext } from '../../../helpers/socket-context';

function fakeEngine(chunks = 2) {
  const requests: SynthesisRequest[] = [];
  const engine = {
    id: 'fake:1',
    kind: 'espeak-ng',
    sampleRate: 22050,
    langs: ['en'],
    supports: () => true,
    languageOf: () => 'en',
    async *synthesize(request: SynthesisRequest) {
      requests.push(request);
      for (let i = 0; i < chunks; i += 1) {
        await Promise.resolve();
        if (request.signal?.aborted) return;
        yield new Int16Array(10);
      }
    },
  } satisfies TtsEngine;
  return { engine, requests };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));
const spoken = (sent: ServerMessage[]) => sent.filter((m) => m.type === 'response-text-to-speech');

describe('request-text-to-speech', () => {
  it('adds the typed line, then reads it in the voice named to its sender and the listeners', async () => {
    const { engine, requests } = fakeEngine();
    const listener = fakeMember('guest7');
    const { ctx, room, member, sent } = fakeMemberContext({ deps: { tts: { ok: true, engine } } });
    room.voicedReplyListeners.mockReturnValue([listener]);
    requestTextToSpeech(ctx, {
      type: 'request-text-to-speech',
      requestId: 'r1',
      text: ' Hello there ',
      voiceId: 'alloy',
      lang: 'en-GB',
    });
    expect(room.addTypedLine).toHaveBeenCalledWith(member, 'Hello there', 'en-GB');
    await settled();
    expect(requests).toEqual([
      expect.objectContaining({ text: 'Hello there', voice: 'alloy', lang: 'en-GB' }),
    ]);
    expect(spoken(sent).map((m) => m.isDone)).toEqual([false, false, true]);
    expect(listener.send).toHaveBeenCalledTimes(3);
    expect(listener.send).toHaveBeenCalledWith(
      expect.objectContaining({ requestId: 'host1.r1', fromAvaId: 'host1' }),
      { droppable: false },
    );
  });

  it('with no voice given, reads in the account’s voice and the default language', async () => {
    const { engine, requests } = fakeEngine(1);
    const { ctx, room, member } = fakeMemberContext({ deps: { tts: { ok: true, engine } } });
    requestTextToSpeech(ctx, { type: 'request-text-to-speech', requestId: 'r1', text: 'Hi' });
    expect(room.addTypedLine).toHaveBeenCalledWith(member, 'Hi', undefined);
    await settled();
    expect(requests[0]).toMatchObject({ voice: 'echo', lang: 'en-US' });
  });

  it('without an engine, the line still reaches the room and the sender is told', async () => {
    const { ctx, room, sent } = fakeMemberContext();
    requestTextToSpeech(ctx, { type: 'request-text-to-speech', requestId: 'r1', text: 'Hi' });
    await settled();
    expect(room.addTypedLine).toHaveBeenCalledTimes(1);
    expect(spoken(sent)).toEqual([
      {
        type: 'response-text-to-speech',
        requestId: 'r1',
        isDone: true,
        error: 'text-to-speech is unavailable: text-to-speech is not configured on this server',
      },
    ]);
  });

  it('refuses a voice that does not exist, and nothing but spaces', () => {
    const { ctx, room, errors, rates } = fakeMemberContext();
    requestTextToSpeech(ctx, {
      type: 'request-text-to-speech',
      requestId: 'r1',
      text: 'Hi',
      voiceId: 'nobody',
    });
    requestTextToSpeech(ctx, { type: 'request-text-to-speech', requestId: 'r2', text: '  ' });
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: 'request-text-to-speech.voiceId: no voice is named nobody',
        inReplyTo: 'request-text-to-speech',
      },
      {
        code: 'invalid-message',
        message: 'request-text-to-speech.text: nothing to say once spaces are removed',
        inReplyTo: 'request-text-to-speech',
      },
    ]);
    expect(rates.ttsRequests.take).not.toHaveBeenCalled();
    expect(room.addTypedLine).not.toHaveBeenCalled();
  });

  it.each(['ttsRequests', 'typedMessages'] as const)('is refused over the %s limit', (limit) => {
    const { ctx, room, errors, rates } = fakeMemberContext();
    rates[limit].refuse();
    requestTextToSpeech(ctx, { type: 'request-text-to-speech', requestId: 'r1', text: 'Hi' });
    expect(errors).toEqual([
      {
        code: 'rate-limited',
        message: 'replies are being voiced too fast; wait a moment',
        inReplyTo: 'request-text-to-speech',
      },
    ]);
    expect(room.addTypedLine).not.toHaveBeenCalled();
  });

  it('stops reading when the socket closes', async () => {
    const { engine } = fakeEngine(5);
    const { ctx, sent, speaking } = fakeMemberContext({ deps: { tts: { ok: true, engine } } });
    requestTextToSpeech(ctx, { type: 'request-text-to-speech', requestId: 'r1', text: 'Hi' });
    speaking.abort();
    await settled();
    expect(spoken(sent)).toEqual([]);
  });
});

describe('the handler does not wait for the voice', () => {
  it('returns before the engine has made anything', () => {
    const synthesize = vi.fn(async function* () {
      await new Promise(() => {});
      yield new Int16Array(1);
    });
    const { engine } = fakeEngine();
    const { ctx } = fakeMemberContext({ deps: { tts: { ok: true, engine: { ...engine, synthesize } } } });
    const result = requestTextToSpeech(ctx, { type: 'request-text-to-speech', requestId: 'r1', text: 'Hi' });
    expect(result).toBeUndefined();
    expect(synthesize).toHaveBeenCalledTimes(1);
  });
});
