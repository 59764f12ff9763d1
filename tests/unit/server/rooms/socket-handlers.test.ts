/**
 * The room's socket handlers on a fake context (tests/helpers/socket-context.ts): what each asks
 * of the room, what it tells the sender, and the limits and Premium answers it gives. Who may
 * send them is the access table's (tests/unit/server/socket/authorisation.test.ts).
 */
import { describe, expect, it, vi } from 'vitest';
import {
  assignBlocDifferentSpeaker,
  assignVoicingSpeakerMyself,
  assignVoicingSpeakerName,
  close,
  connectionParamsUpdate,
  connectionRequestAnswer,
  forceMute,
  prolongRestrictedSession,
  setCurseFilter,
  signalIAmTyping,
  typedMessage,
  updateTitle,
  updateTranscriptOwner,
  mbackend,
} from '../../../../src/server/rooms/socket-handlers';
import { PREMIUM_NOT_ENTITLED_MESSAGE } from '../../../../src/server/credits/premium-choice';
import { SESSION_ENDED_REASON } from '../../../../src/shared/session-limits';
import { fakeMember, fakeMemberContext } from '../../../helpers/socket-context';

describe('connection-params-update', () => {
  it('records the Premium asked for and tells someone not entitled, while the rest still applies', async () => {
    const { ctx, room, member, errors, premium } = fakeMemberContext({ grant: 'none' });
    const message = { type: 'connection-params-update', usePaidASR: true, downAudio: true } as const;
    await connectionParamsUpdate(ctx, message);
    expect(premium.asked).toBe(true);
    expect(errors).toEqual([
      { code: 'not-entitled', message: PREMIUM_NOT_ENTITLED_MESSAGE, inReplyTo: 'connection-params-update' },
    ]);
    expect(member.downAudio).toBe(true);
    expect(room.updateParams).toHaveBeenCalledWith(message);
  });

  it('says nothing to someone entitled, and never reads the grant for a request of Basic', async () => {
    const entitled = fakeMemberContext({ grant: 'credit' });
    await connectionParamsUpdate(entitled.ctx, { type: 'connection-params-update', usePaidASR: true });
    expect(entitled.errors).toEqual([]);
    expect(entitled.premium.asked).toBe(true);

    const basic = fakeMemberContext({ grant: 'none' });
    await connectionParamsUpdate(basic.ctx, { type: 'connection-params-update', usePaidASR: false });
    expect(basic.premium.asked).toBe(false);
    expect(basic.premium.grantOf).not.toHaveBeenCalled();
    expect(basic.errors).toEqual([]);
  });

  it('leaves the ask and downAudio alone when the message does not name them', async () => {
    const { ctx, room, member, premium } = fakeMemberContext();
    await connectionParamsUpdate(ctx, { type: 'connection-params-update', saveTranscript: false });
    expect(premium.asked).toBeUndefined();
    expect(member.downAudio).toBeUndefined();
    expect(room.updateParams).toHaveBeenCalledTimes(1);
  });
});

describe('the host’s room messages', () => {
  it('connection-request-answer lets the one waiting in, or refuses them', () => {
    const { ctx, room } = fakeMemberContext();
    connectionRequestAnswer(ctx, { type: 'connection-request-answer', id: 'abc123', accept: false });
    expect(room.answerAdmission).toHaveBeenCalledWith('abc123', false);
  });

  it('force-mute stops the named participant’s microphone', async () => {
    const { ctx, room } = fakeMemberContext();
    await forceMute(ctx, { type: 'force-mute', avaId: 'guest7' });
    expect(room.forceMute).toHaveBeenCalledWith('guest7');
  });

  it('prolong-restricted-session adds a period', async () => {
    const { ctx, room } = fakeMemberContext();
    await prolongRestrictedSession(ctx, { type: 'prolong-restricted-session' });
    expect(room.prolongSession).toHaveBeenCalledTimes(1);
  });

  it('update-title renames with the title trimmed, and ignores a blank one', async () => {
    const { ctx, room } = fakeMemberContext();
    await updateTitle(ctx, { type: 'update-title', title: '  Weekly sync  ' });
    expect(room.updateTitle).toHaveBeenCalledWith('Weekly sync');
    await updateTitle(ctx, { type: 'update-title', title: '   ' });
    expect(room.updateTitle).toHaveBeenCalledTimes(1);
  });
});

describe('set-curse-filter', () => {
  it('sets the reader’s level, says so, then sends what is on screen again', () => {
    const { ctx, room, member, sent } = fakeMemberContext();
    room.resendLatest.mockImplementation(() => {
      // The level is told before the captions come again at it.
      expect(sent).toEqual([{ type: 'curse-filter', level: 3 }]);
    });
    setCurseFilter(ctx, { type: 'set-curse-filter', level: 3 });
    expect(ctx.curseFilter.level).toBe(3);
    expect(room.resendLatest).toHaveBeenCalledWith(member);
  });
});

describe('typing and typed replies', () => {
  it('signal-i-am-typing is the room’s to throttle', () => {
    const { ctx, room, member } = fakeMemberContext();
    signalIAmTyping(ctx, { type: 'signal-i-am-typing' });
    expect(room.signalTyping).toHaveBeenCalledWith(member);
  });

  it('typed-message adds the text, trimmed and without control characters, as the sender’s line', () => {
    const { ctx, room, member, errors } = fakeMemberContext();
    typedMessage(ctx, { type: 'typed-message', text: '  hello\u0007 there\r\n ', lang: 'fr' });
    expect(errors).toEqual([]);
    expect(room.addTypedLine).toHaveBeenCalledWith(member, 'hello there', 'fr');
  });

  it('typed-message refuses nothing but spaces, before taking from the limit', () => {
    const { ctx, room, errors, rates } = fakeMemberContext();
    typedMessage(ctx, { type: 'typed-message', text: '   ' });
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: 'typed-message.text: nothing to say once spaces are removed',
        inReplyTo: 'typed-message',
      },
    ]);
    expect(rates.typedMessages.take).not.toHaveBeenCalled();
    expect(room.addTypedLine).not.toHaveBeenCalled();
  });

  it('typed-message over the connection’s limit is refused and adds nothing', () => {
    const { ctx, room, errors, rates } = fakeMemberContext();
    rates.typedMessages.refuse();
    typedMessage(ctx, { type: 'typed-message', text: 'hi' });
    expect(errors).toEqual([
      {
        code: 'rate-limited',
        message: 'messages are being typed too fast; wait a moment',
        inReplyTo: 'typed-message',
      },
    ]);
    expect(room.addTypedLine).not.toHaveBeenCalled();
  });
});

describe('speakers', () => {
  it('assign-voicing-speaker-name names the speaker', async () => {
    const { ctx, room } = fakeMemberContext();
    await assignVoicingSpeakerName(ctx, {
      type: 'assign-voicing-speaker-name',
      speakerId: 'voicing-abcd1234',
      speakerName: 'Ana',
    });
    expect(room.nameVoicingSpeaker).toHaveBeenCalledWith('voicing-abcd1234', 'Ana');
  });

  it('assign-voicing-speaker-myself gives its lines to the sender', async () => {
    const { ctx, room, member } = fakeMemberContext();
    await assignVoicingSpeakerMyself(ctx, {
      type: 'assign-voicing-speaker-myself',
      speakerId: 'voicing-abcd1234',
    });
    expect(room.claimVoicingSpeaker).toHaveBeenCalledWith(member, 'voicing-abcd1234');
  });

  it('assign-bloc-different-speaker changes one line’s speaker', () => {
    const { ctx, room } = fakeMemberContext();
    assignBlocDifferentSpeaker(ctx, {
      type: 'assign-bloc-different-speaker',
      blocId: 't1',
      speakerId: 'guest7',
    });
    expect(room.assignLineSpeaker).toHaveBeenCalledWith('t1', 'guest7');
  });
});

describe('close', () => {
  it('a reason that ends the room ends it before the socket closes', async () => {
    const { ctx, room, closes, log } = fakeMemberContext();
    room.end.mockImplementation(async () => {
      expect(closes).toEqual([]);
    });
    await close(ctx, { type: 'close', reason: 'app_terminated' });
    expect(room.end).toHaveBeenCalledWith('ended');
    expect(closes).toEqual([{ code: 1000, reason: 'app_terminated' }]);
    expect(log).toHaveBeenCalledWith('info', 'a member closed their connection', {
      roomId: 'host1_room',
      reason: 'app_terminated',
    });
  });

  it('the conversation’s time running out ends it as a session limit', async () => {
    const { ctx, room } = fakeMemberContext();
    await close(ctx, { type: 'close', reason: 'max_convo_time_reached' });
    expect(room.end).toHaveBeenCalledWith(SESSION_ENDED_REASON);
  });

  it('other reasons only say why one person leaves', async () => {
    const { ctx, room, closes } = fakeMemberContext();
    await close(ctx, { type: 'close', reason: 'host_left' });
    await close(ctx, { type: 'close' });
    expect(room.end).not.toHaveBeenCalled();
    expect(closes).toEqual([
      { code: 1000, reason: 'host_left' },
      { code: 1000, reason: 'closed' },
    ]);
  });
});

describe('update-transcript-owner', () => {
  const message = (avaId: string, owner: boolean) =>
    ({ type: 'update-transcript-owner', avaId, owner }) as const;

  it('names a connected member, or one who left (a membership row), an owner', async () => {
    const { ctx, room, deps, errors } = fakeMemberContext();
    room.membersOf.mockReturnValue([fakeMember('g1')]);
    await updateTranscriptOwner(ctx, message('g1', true));
    vi.mocked(deps.rooms.membership).mockResolvedValue({ readonly: false, role: 'participant' });
    room.membersOf.mockReturnValue([]);
    await updateTranscriptOwner(ctx, message('g2', true));
    expect(errors).toEqual([]);
    expect(room.updateTranscriptOwner.mock.calls).toEqual([
      ['g1', true],
      ['g2', true],
    ]);
  });

  it('refuses to name someone who was never in the room, but lets an owner go whoever they are', async () => {
    const { ctx, room, errors } = fakeMemberContext();
    await updateTranscriptOwner(ctx, message('stranger', true));
    expect(errors).toEqual([
      {
        code: 'invalid-message',
        message: 'update-transcript-owner.avaId: not a member of this room',
        inReplyTo: 'update-transcript-owner',
      },
    ]);
    await updateTranscriptOwner(ctx, message('stranger', false));
    expect(room.updateTranscriptOwner.mock.calls).toEqual([['stranger', false]]);
  });
});

describe('mbackend', () => {
  it('logs the note with the room and the sender, within the connection’s limit', () => {
    const { ctx, log, rates, errors } = fakeMemberContext();
    mbackend(ctx, { type: 'mbackend', content: 'font too small' });
    expect(log).toHaveBeenCalledWith('info', 'a member’s note (mbackend)', {
      roomId: 'host1_room',
      avaId: 'host1',
      content: 'font too small',
    });
    rates.typedMessages.refuse();
    log.mockClear();
    mbackend(ctx, { type: 'mbackend', content: 'again' });
    expect(log).not.toHaveBeenCalled();
    expect(errors[0]?.code).toBe('rate-limited');
  });
});
