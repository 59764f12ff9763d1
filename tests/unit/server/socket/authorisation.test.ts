/**
 * The socket's one place of authorisation: the actor a member is now (the room may have ended
 * since they came in), the `own` rows decided by whose line it is, the first action of a message
 * the table refuses, and what the refused member is told.
 */
import { describe, expect, it } from 'vitest';
import { actorOf, forbiddenAction, ownsTarget, refusalOf } from '../../../../src/server/socket/authorisation';
import { EDITING_DISABLED_MESSAGE, type Mutation } from '../../../../src/shared/transcript-edit/mutation';
import type { ClientMessage } from '../../../../src/shared/protocol';

function roomView(
  extra: { state?: 'ongoing' | 'ended'; editingRestricted?: boolean; lines?: Record<string, string> } = {},
) {
  return {
    hostAvaId: 'host1',
    state: extra.state ?? ('ongoing' as const),
    editingRestricted: extra.editingRestricted ?? false,
    lineSourceOf: (lineId: string) => extra.lines?.[lineId],
  };
}
const guest = (avaId: string) => ({ kind: 'guest' as const, avaId });
const writer = { avaId: 'guest7', readonly: false, role: 'participant' as const };
const reader = { ...writer, readonly: true };
const changeSpeaker: Mutation = {
  type: 'changeSpeaker',
  id: 'm1',
  parent: 1,
  origin: 'human',
  speakerId: 'x',
};

describe('actorOf', () => {
  it('is what the principal is in the room now', () => {
    expect(actorOf(guest('host1'), roomView(), writer)).toBe('host');
    expect(actorOf(guest('guest7'), roomView(), writer)).toBe('rw-member');
    expect(actorOf(guest('guest7'), roomView(), reader)).toBe('ro-member');
    expect(actorOf(guest('guest7'), roomView(), { ...writer, role: 'scribe' })).toBe('scribe');
    expect(actorOf(guest('guest7'), roomView({ state: 'ended' }), writer)).toBe('ended-member');
  });

  it('is an outsider before joining', () => {
    expect(actorOf(undefined, undefined, undefined)).toBe('outsider');
    expect(actorOf(guest('guest7'), undefined, writer)).toBe('outsider');
    expect(actorOf({ kind: 'outsider' }, roomView(), writer)).toBe('outsider');
  });
});

describe('ownsTarget', () => {
  it('a line is its maker’s, for assign-bloc-different-speaker and a changeSpeaker mutation', () => {
    const room = roomView({ lines: { mine: 'guest7', theirs: 'host1' } });
    const assign = (blocId: string): ClientMessage => ({
      type: 'assign-bloc-different-speaker',
      blocId,
      speakerId: 'x',
    });
    const edit = (transcriptId: string): ClientMessage => ({
      type: 'transcript-edit',
      transcriptId,
      mutation: changeSpeaker,
    });
    expect(ownsTarget(assign('mine'), room, writer)).toBe(true);
    expect(ownsTarget(assign('theirs'), room, writer)).toBe(false);
    expect(ownsTarget(edit('mine'), room, writer)).toBe(true);
    expect(ownsTarget(edit('unknown'), room, writer)).toBe(false);
    expect(ownsTarget({ type: 'typed-message', text: 'x' }, room, writer)).toBe(false);
  });
});

describe('forbiddenAction', () => {
  it('lets through what the table allows', () => {
    expect(
      forbiddenAction({ type: 'typed-message', text: 'x' }, 'rw-member', roomView(), writer),
    ).toBeUndefined();
    expect(
      forbiddenAction({ type: 'connection-params-update', usePaidASR: true }, 'host', roomView(), writer),
    ).toBeUndefined();
  });

  it('names the first action the table refuses, field by field', () => {
    expect(forbiddenAction({ type: 'typed-message', text: 'x' }, 'ro-member', roomView(), reader)).toBe(
      'typed-message',
    );
    expect(
      forbiddenAction(
        { type: 'connection-params-update', downAudio: true, usePaidASR: true },
        'ro-member',
        roomView(),
        reader,
      ),
    ).toBe('connection-params-update.usePaidASR');
  });

  it('decides own rows by whose line it is', () => {
    const room = roomView({ lines: { mine: 'guest7', theirs: 'host1' } });
    const assign = (blocId: string): ClientMessage => ({
      type: 'assign-bloc-different-speaker',
      blocId,
      speakerId: 'x',
    });
    expect(forbiddenAction(assign('mine'), 'rw-member', room, writer)).toBeUndefined();
    expect(forbiddenAction(assign('theirs'), 'rw-member', room, writer)).toBe(
      'assign-bloc-different-speaker',
    );
  });

  it('lets a member change only their own recognition language, the host anyone’s', () => {
    const change = (targetAvaId: string): ClientMessage => ({
      type: 'change-speaker-language',
      language: 'en-GB',
      targetAvaId,
    });
    expect(forbiddenAction(change(writer.avaId), 'rw-member', roomView(), writer)).toBeUndefined();
    expect(forbiddenAction(change('host1'), 'rw-member', roomView(), writer)).toBe('change-speaker-language');
    expect(forbiddenAction(change(writer.avaId), 'ro-member', roomView(), reader)).toBe(
      'change-speaker-language',
    );
    expect(forbiddenAction(change('guest7'), 'host', roomView(), { avaId: 'host1' })).toBeUndefined();
  });

  it('restricts corrections while the room restricts editing', () => {
    const edit: ClientMessage = {
      type: 'transcript-edit',
      transcriptId: 't1',
      mutation: { type: 'insert', id: 'm1', parent: 1, origin: 'human', index: 0, text: 'a', lang: 'en' },
    };
    expect(forbiddenAction(edit, 'rw-member', roomView(), writer)).toBeUndefined();
    expect(forbiddenAction(edit, 'rw-member', roomView({ editingRestricted: true }), writer)).toBe(
      'transcript-edit.restricted',
    );
    // The host's switch holds for everyone but the host, Scribes included.
    expect(forbiddenAction(edit, 'scribe', roomView(), writer)).toBeUndefined();
    expect(forbiddenAction(edit, 'scribe', roomView({ editingRestricted: true }), writer)).toBe(
      'transcript-edit.restricted',
    );
    expect(forbiddenAction(edit, 'host', roomView({ editingRestricted: true }), writer)).toBeUndefined();
  });
});

describe('refusalOf', () => {
  it('tells a member of an ended room that it ended, whatever they asked', () => {
    expect(refusalOf('typed-message', 'ended-member')).toEqual({
      code: 'room-ended',
      text: 'the conversation has ended',
    });
  });

  it('gives the host’s words when corrections are off', () => {
    expect(refusalOf('transcript-edit.restricted', 'rw-member')).toEqual({
      code: 'forbidden',
      text: EDITING_DISABLED_MESSAGE,
    });
  });

  it('says when an action is only for one’s own, and otherwise who may not', () => {
    expect(refusalOf('assign-bloc-different-speaker', 'rw-member')).toEqual({
      code: 'forbidden',
      text: 'assign-bloc-different-speaker: a rw-member may do this only to their own',
    });
    expect(refusalOf('typed-message', 'ro-member')).toEqual({
      code: 'forbidden',
      text: 'typed-message: not allowed for a ro-member of this conversation',
    });
  });
});
