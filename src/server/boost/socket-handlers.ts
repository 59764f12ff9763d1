/**
 * Vocabulary boost on the socket (docs/boost.md): one's own boost list (`access-boost-words`) and
 * whether one's recognition uses it (`boost`). Who may is the access table's (auth/access.ts).
 */
import { BOOST_REQUIRES_UPGRADE, applyBoostChange } from '../../shared/boost-words';
import type { SocketHandler, SocketHandlers } from '../socket';
import { vocabularyOf } from './room-vocabulary';

/** `access-boost-words` (shared/boost-words.ts has the rules): one's own list only. */
export const accessBoostWords: SocketHandler<'access-boost-words'> = async (ctx, message) => {
  const { room, member, boost } = ctx;
  const store = ctx.deps.boostWords;
  if (store) boost.list = await store.list(member.avaId);
  if (message.action === 'list') return ctx.send(boost.message());
  if (!boost.allowed()) return ctx.fail('not-entitled', BOOST_REQUIRES_UPGRADE, message.type);
  // Changes are counted per identity, across its sockets (issue 29 F-03).
  if (!(await ctx.deps.boostChanges.take(`identity:${member.avaId}`))) {
    return ctx.fail('rate-limited', 'boost words are being changed too often; wait a moment', message.type);
  }
  const result = applyBoostChange(
    boost.list,
    { action: message.action, words: message.words ?? '' },
    // Added from a conversation: only words said in it.
    message.action === 'add' ? vocabularyOf(room).update(room.transcripts()) : undefined,
  );
  if (!result.ok) return ctx.fail('invalid-message', result.error, message.type);
  const { added, removed } = result;
  // An empty list of changes is ignored: nothing is written.
  if (added.length > 0 || removed.length > 0) {
    if (!store) return ctx.fail('internal', 'boost lists are not kept on this server', message.type);
    const next = result.words;
    await store.save(member.avaId, next, ctx.deps.now());
    boost.list = next;
    room.setBoost(member, boost.inUse());
  }
  ctx.send(boost.message({ added, removed }));
};

/** `boost`: whether one's own recognition uses one's list, from one's next utterance. */
export const setBoost: SocketHandler<'boost'> = (ctx, message) => {
  ctx.boost.enabled = message.enabled;
  ctx.room.setBoost(ctx.member, ctx.boost.inUse());
  ctx.send(ctx.boost.message());
};

/** Vocabulary boost's part of the socket's handler table (socket/handlers.ts). */
export const BOOST_SOCKET_HANDLERS = {
  'access-boost-words': accessBoostWords,
  boost: setBoost,
} satisfies Partial<SocketHandlers>;
