/**
 * Vocabulary boost's socket handlers on a fake context and a fake store: the list read afresh,
 * words added only when said in this conversation, nothing written for no change, the plan's
 * refusal, and whether recognition uses the list.
 */
import { describe, expect, it, vi } from 'vitest';
import { accessBoostWords, setBoost } from '../../../../src/server/boost/socket-handlers';
import { BOOST_REQUIRES_UPGRADE } from '../../../../src/shared/boost-words';
import { fakeMemberContext } from '../../../helpers/socket-context';

function withStore(words: string[], options: { boostAllowed?: boolean } = {}) {
  const store = { list: vi.fn(async () => [...words]), save: vi.fn(async () => {}) };
  const fake = fakeMemberContext({ deps: { boostWords: store }, ...options });
  fake.room.transcripts.mockReturnValue([{ texts: { a: 'Meet Siobhan at Dún Laoghaire' } }]);
  return { ...fake, store };
}

describe('access-boost-words', () => {
  it('list answers the list as stored now', async () => {
    const { ctx, sent, store } = withStore(['kubernetes']);
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'list' });
    expect(store.list).toHaveBeenCalledWith('host1');
    expect(sent).toEqual([{ type: 'user-boost-words', words: ['kubernetes'], enabled: true }]);
  });

  it('add keeps only words of this conversation, saves, and gives recognition the new list', async () => {
    const { ctx, sent, store, room, member } = withStore(['kubernetes']);
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'add', words: 'Siobhan, Galway' });
    // The case people typed is kept (issue 30 item 20); matching stays case-insensitive.
    expect(store.save).toHaveBeenCalledWith('host1', ['kubernetes', 'Siobhan'], 1_000_000);
    expect(room.setBoost).toHaveBeenCalledWith(member, ['kubernetes', 'Siobhan']);
    expect(sent).toEqual([
      {
        type: 'user-boost-words',
        words: ['kubernetes', 'Siobhan'],
        enabled: true,
        added: ['Siobhan'],
        removed: [],
      },
    ]);
  });

  it("refuses a change past the identity's allowance, and writes nothing (F-03)", async () => {
    const { ctx, sent, errors, store, deps } = withStore(['kubernetes']);
    const take = vi.fn(async () => false);
    deps.boostChanges = { take };
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'add', words: 'Siobhan' });
    expect(take).toHaveBeenCalledWith('identity:host1');
    expect(store.save).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(errors).toEqual([
      {
        code: 'rate-limited',
        message: 'boost words are being changed too often; wait a moment',
        inReplyTo: 'access-boost-words',
      },
    ]);
  });

  it('remove takes words out; a change that changes nothing writes nothing', async () => {
    const { ctx, sent, store } = withStore(['kubernetes', 'siobhan']);
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'remove', words: 'galway' });
    expect(store.save).not.toHaveBeenCalled();
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'remove', words: 'Kubernetes' });
    expect(store.save).toHaveBeenCalledWith('host1', ['siobhan'], 1_000_000);
    expect(sent.at(-1)).toEqual({
      type: 'user-boost-words',
      words: ['siobhan'],
      enabled: true,
      added: [],
      removed: ['kubernetes'],
    });
  });

  it('a plan without boost may list (told to upgrade) but not change', async () => {
    const { ctx, sent, errors, store } = withStore(['kubernetes'], { boostAllowed: false });
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'list' });
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'add', words: 'siobhan' });
    expect(sent).toEqual([
      { type: 'user-boost-words', words: ['kubernetes'], enabled: true, upgradeRequired: true },
    ]);
    expect(errors).toEqual([
      { code: 'not-entitled', message: BOOST_REQUIRES_UPGRADE, inReplyTo: 'access-boost-words' },
    ]);
    expect(store.save).not.toHaveBeenCalled();
  });

  it('refuses an input the rules refuse', async () => {
    const { ctx, errors } = withStore([]);
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'add', words: 'x'.repeat(1001) });
    expect(errors).toEqual([
      { code: 'invalid-message', message: 'Too many characters.', inReplyTo: 'access-boost-words' },
    ]);
  });

  it('a server that keeps no lists answers an empty one and cannot change it', async () => {
    const { ctx, room, sent, errors } = fakeMemberContext();
    room.transcripts.mockReturnValue([{ texts: { a: 'siobhan' } }]);
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'list' });
    await accessBoostWords(ctx, { type: 'access-boost-words', action: 'add', words: 'siobhan' });
    expect(sent).toEqual([{ type: 'user-boost-words', words: [], enabled: true }]);
    expect(errors).toEqual([
      {
        code: 'internal',
        message: 'boost lists are not kept on this server',
        inReplyTo: 'access-boost-words',
      },
    ]);
  });
});

describe('boost', () => {
  it('turning it off gives recognition no list, and says so', () => {
    const { ctx, room, member, sent } = fakeMemberContext();
    ctx.boost.list = ['siobhan'];
    setBoost(ctx, { type: 'boost', enabled: false });
    expect(room.setBoost).toHaveBeenLastCalledWith(member, []);
    setBoost(ctx, { type: 'boost', enabled: true });
    expect(room.setBoost).toHaveBeenLastCalledWith(member, ['siobhan']);
    expect(sent).toEqual([
      { type: 'user-boost-words', words: ['siobhan'], enabled: false },
      { type: 'user-boost-words', words: ['siobhan'], enabled: true },
    ]);
  });
});
