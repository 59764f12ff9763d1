/**
 * The Scribe messages' socket handlers on a fake context and a fake desk: each goes to the desk,
 * the desk's refusals are told to the sender as scribe-request-failed, anything else is thrown
 * for the socket to answer `internal`, and a server without Scribes says so.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  cancelScribe,
  requestScribe,
  scribeChat,
  updateScribeCorrectionMode,
} from '../../../../src/server/scribes/socket-handlers';
import { type ScribeDesk, ScribeError } from '../../../../src/server/scribes/desk';
import { SCRIBE_ERRORS } from '../../../../src/shared/scribe/model';
import { fakeMemberContext } from '../../../helpers/socket-context';

function withDesk() {
  const desk = {
    request: vi.fn(async () => {}),
    cancel: vi.fn(async () => {}),
    setCorrectionMode: vi.fn(async () => {}),
    chatInRoom: vi.fn(async () => {}),
  };
  const fake = fakeMemberContext({ deps: { scribes: desk as unknown as ScribeDesk } });
  return { ...fake, desk };
}

describe('the Scribe messages', () => {
  it('request-scribe asks the desk for a Scribe in the mode named, for this room and sender', async () => {
    const { ctx, desk, room, member, errors } = withDesk();
    await requestScribe(ctx, { type: 'request-scribe', correctionMode: 'accurate' });
    expect(desk.request).toHaveBeenCalledWith(room, member, 'accurate');
    expect(errors).toEqual([]);
  });

  it('cancel-scribe and update-scribe-correction-mode go to the desk for this room', async () => {
    const { ctx, desk, room } = withDesk();
    await cancelScribe(ctx, { type: 'cancel-scribe' });
    await updateScribeCorrectionMode(ctx, { type: 'update-scribe-correction-mode', correctionMode: 'fast' });
    expect(desk.cancel).toHaveBeenCalledWith(room);
    expect(desk.setCorrectionMode).toHaveBeenCalledWith(room, 'fast');
  });

  it('the desk’s refusal is told to the sender', async () => {
    const { ctx, desk, errors } = withDesk();
    desk.request.mockRejectedValue(new ScribeError('already-requested'));
    await requestScribe(ctx, { type: 'request-scribe', correctionMode: 'fast' });
    expect(errors).toEqual([
      {
        code: 'scribe-request-failed',
        message: SCRIBE_ERRORS['already-requested'],
        inReplyTo: 'request-scribe',
      },
    ]);
  });

  it('any other failure is thrown, for the socket to answer internal', async () => {
    const { ctx, desk, errors } = withDesk();
    desk.cancel.mockRejectedValue(new Error('database gone'));
    await expect(cancelScribe(ctx, { type: 'cancel-scribe' })).rejects.toThrow('database gone');
    expect(errors).toEqual([]);
  });

  it('a server without Scribes refuses every one of them', async () => {
    const { ctx, errors } = fakeMemberContext();
    await requestScribe(ctx, { type: 'request-scribe', correctionMode: 'fast' });
    await cancelScribe(ctx, { type: 'cancel-scribe' });
    await updateScribeCorrectionMode(ctx, { type: 'update-scribe-correction-mode', correctionMode: 'fast' });
    await scribeChat(ctx, { type: 'scribe-chat', text: 'hello' });
    expect(errors.map((e) => [e.code, e.message, e.inReplyTo])).toEqual(
      ['request-scribe', 'cancel-scribe', 'update-scribe-correction-mode', 'scribe-chat'].map((type) => [
        'scribe-request-failed',
        'Scribes are not available on this server',
        type,
      ]),
    );
  });
});

describe('scribe-chat', () => {
  it('sends the tidied text to the chat of this room', async () => {
    const { ctx, desk, room, member, errors } = withDesk();
    await scribeChat(ctx, { type: 'scribe-chat', text: '  thanks!\u0007 ' });
    expect(desk.chatInRoom).toHaveBeenCalledWith(room, member, 'thanks!');
    expect(errors).toEqual([]);
  });

  it('refuses nothing but spaces, and messages over the typing limit', async () => {
    const { ctx, desk, errors, rates } = withDesk();
    await scribeChat(ctx, { type: 'scribe-chat', text: '  ' });
    rates.typedMessages.refuse();
    await scribeChat(ctx, { type: 'scribe-chat', text: 'hi' });
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: 'scribe-chat.text: nothing to say once spaces are removed',
        inReplyTo: 'scribe-chat',
      },
      {
        code: 'rate-limited',
        message: 'messages are being typed too fast; wait a moment',
        inReplyTo: 'scribe-chat',
      },
    ]);
    expect(desk.chatInRoom).not.toHaveBeenCalled();
  });
});
