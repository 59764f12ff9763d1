/**
 * The transcript's socket handlers on a fake context: corrections and pages of finals are limited
 * per identity, then per address (cursor moves are not counted); what a limit refuses is counted
 * and never asked of the room.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  LINE_EDITS_RATE_LIMITED_MESSAGE,
  transcriptEdit,
  transcriptsBefore,
  transcriptsSince,
} from '../../../../src/server/transcripts/socket-handlers';
import type { Mutation } from '../../../../src/shared/transcript-edit/mutation';
import { rateLimited } from '../../../../src/server/metrics/process-metrics';
import { fakeMemberContext } from '../../../helpers/socket-context';

const insert: Mutation = {
  type: 'insert',
  id: 'm1',
  parent: 3,
  origin: 'human',
  index: 0,
  text: 'A',
  lang: 'en-US',
};

describe('transcript-edit', () => {
  it('hands the mutation to the room for the sender once both limits allow', async () => {
    const { ctx, room, member, deps, errors } = fakeMemberContext();
    await transcriptEdit(ctx, { type: 'transcript-edit', transcriptId: 't1', mutation: insert });
    expect(room.editTranscript).toHaveBeenCalledWith(member, 't1', insert);
    expect(deps.lineEdits.identity.take).toHaveBeenCalledWith('identity:host1');
    expect(deps.lineEdits.address.take).toHaveBeenCalledWith('address:203.0.113.7');
    expect(errors).toEqual([]);
  });

  it.each(['identity', 'address'] as const)(
    'refuses a change the %s limit refuses, by name, and counts it',
    async (which) => {
      const take = vi.fn(async () => false);
      const allow = { take: vi.fn(async () => true) };
      const lineEdits =
        which === 'identity'
          ? { identity: { take }, address: allow }
          : { identity: allow, address: { take } };
      const { ctx, room, errors } = fakeMemberContext({ deps: { lineEdits } });
      const counted = vi.spyOn(rateLimited, 'inc');
      await transcriptEdit(ctx, { type: 'transcript-edit', transcriptId: 't1', mutation: insert });
      expect(errors).toEqual([
        { code: 'rate-limited', message: LINE_EDITS_RATE_LIMITED_MESSAGE, inReplyTo: 'transcript-edit' },
      ]);
      expect(counted).toHaveBeenCalledWith({ limit: 'line-edits' });
      expect(room.editTranscript).not.toHaveBeenCalled();
      if (which === 'identity') expect(allow.take).not.toHaveBeenCalled();
      counted.mockRestore();
    },
  );

  it('does not count a cursor move, which changes nothing stored', async () => {
    const take = vi.fn(async () => false);
    const { ctx, room, errors } = fakeMemberContext({
      deps: { lineEdits: { identity: { take }, address: { take } } },
    });
    const cursor: Mutation = {
      type: 'cursor',
      id: 'c1',
      parent: 3,
      origin: 'human',
      mutatorHash: 'ab',
      index: 0,
    };
    await transcriptEdit(ctx, { type: 'transcript-edit', transcriptId: 't1', mutation: cursor });
    expect(take).not.toHaveBeenCalled();
    expect(room.editTranscript).toHaveBeenCalled();
    expect(errors).toEqual([]);
  });
});

describe('pages of finals', () => {
  it('asks the room for the page once both limits allow', async () => {
    const { ctx, room, member, deps, errors } = fakeMemberContext();
    const since = { type: 'transcripts-since', afterSeq: 4 } as const;
    const before = { type: 'transcripts-before', beforeIndex: 20, limit: 10 } as const;
    await transcriptsSince(ctx, since);
    await transcriptsBefore(ctx, before);
    expect(room.requestTranscripts.mock.calls).toEqual([
      [member, since],
      [member, before],
    ]);
    expect(deps.transcriptPages.identity.take).toHaveBeenCalledWith('identity:host1');
    expect(deps.transcriptPages.address.take).toHaveBeenCalledWith('address:203.0.113.7');
    expect(errors).toEqual([]);
  });

  it.each(['identity', 'address'] as const)(
    'refuses a page the %s limit refuses, and counts it',
    async (which) => {
      const take = vi.fn(async () => false);
      const allow = { take: vi.fn(async () => true) };
      const pages =
        which === 'identity'
          ? { identity: { take }, address: allow }
          : { identity: allow, address: { take } };
      const { ctx, room, errors } = fakeMemberContext({ deps: { transcriptPages: pages } });
      const counted = vi.spyOn(rateLimited, 'inc');
      await transcriptsBefore(ctx, { type: 'transcripts-before', beforeIndex: 20 });
      expect(errors).toEqual([
        {
          code: 'rate-limited',
          message: 'captions are being asked for too often; wait a moment',
          inReplyTo: 'transcripts-before',
        },
      ]);
      expect(counted).toHaveBeenCalledWith({ limit: 'transcript-pages' });
      expect(room.requestTranscripts).not.toHaveBeenCalled();
      // The address is not charged for a page the identity was refused.
      if (which === 'identity') expect(allow.take).not.toHaveBeenCalled();
      counted.mockRestore();
    },
  );
});
