/** One connection's boost: the list used only when on and allowed, read once joined, and told. */
import { describe, expect, it, vi } from 'vitest';
import { ConnectionBoost } from '../../../../src/server/boost/connection-boost';
import { fakeMember, fakeRoom } from '../../../helpers/socket-context';

describe('ConnectionBoost', () => {
  it('gives recognition the list only while boost is on and the plan allows it', () => {
    let allowed = true;
    const boost = new ConnectionBoost(() => allowed);
    boost.list = ['siobhan'];
    expect(boost.inUse()).toEqual(['siobhan']);
    boost.enabled = false;
    expect(boost.inUse()).toEqual([]);
    boost.enabled = true;
    allowed = false;
    expect(boost.inUse()).toEqual([]);
  });

  it('reads the list on joining and gives it to recognition when there is one to use', async () => {
    const room = fakeRoom();
    const member = fakeMember('guest7');
    const boost = new ConnectionBoost(() => true);
    await boost.load({ list: async () => ['siobhan'] }, room, member, vi.fn());
    expect(boost.list).toEqual(['siobhan']);
    expect(room.setBoost).toHaveBeenCalledWith(member, ['siobhan']);

    const empty = fakeRoom();
    await new ConnectionBoost(() => true).load({ list: async () => [] }, empty, member, vi.fn());
    await new ConnectionBoost(() => true).load(undefined, empty, member, vi.fn());
    expect(empty.setBoost).not.toHaveBeenCalled();
  });

  it('a list that cannot be read is logged and joining goes on without it', async () => {
    const room = fakeRoom();
    const log = vi.fn();
    const boost = new ConnectionBoost(() => true);
    await boost.load({ list: async () => Promise.reject(new Error('db down')) }, room, fakeMember(), log);
    expect(log).toHaveBeenCalledWith('warn', 'could not read a boost list', { error: 'db down' });
    expect(boost.list).toEqual([]);
    expect(room.setBoost).not.toHaveBeenCalled();
  });

  it('says the list, whether it is on, what changed, and that the plan does not include it', () => {
    const boost = new ConnectionBoost(() => false);
    boost.list = ['a'];
    const message = boost.message({ added: ['a'], removed: [] });
    expect(message).toEqual({
      type: 'user-boost-words',
      words: ['a'],
      enabled: true,
      added: ['a'],
      removed: [],
      upgradeRequired: true,
    });
    // A copy: later changes of the list do not change what was said.
    boost.list.push('b');
    expect(message).toMatchObject({ words: ['a'] });
  });

  it('gives a member of an organisation its vocabulary with their own words, and says only their own list', async () => {
    const room = fakeRoom();
    const member = fakeMember('acct1');
    const boost = new ConnectionBoost(() => true);
    await boost.load(
      { list: async () => ['Katie'], organizationWords: async () => ['katie', 'Helstone'] },
      room,
      member,
      vi.fn(),
    );
    expect(room.setBoost).toHaveBeenCalledWith(member, ['Katie', 'Helstone']);
    expect(boost.inUse()).toEqual(['Katie', 'Helstone']);
    expect(boost.message()).toMatchObject({ words: ['Katie'] });
    boost.enabled = false;
    expect(boost.inUse()).toEqual([]);
  });

  it('uses the organisation’s words when the own list cannot be read, and the own list when they cannot', async () => {
    const log = vi.fn();
    const room = fakeRoom();
    const boost = new ConnectionBoost(() => true);
    await boost.load(
      { list: async () => Promise.reject(new Error('db down')), organizationWords: async () => ['Helstone'] },
      room,
      fakeMember('a'),
      log,
    );
    expect(boost.inUse()).toEqual(['Helstone']);
    const other = new ConnectionBoost(() => true);
    await other.load(
      { list: async () => ['Katie'], organizationWords: async () => Promise.reject(new Error('gone')) },
      fakeRoom(),
      fakeMember('b'),
      log,
    );
    expect(other.inUse()).toEqual(['Katie']);
    expect(log).toHaveBeenCalledWith('warn', 'could not read an organisation vocabulary', { error: 'gone' });
  });
});
