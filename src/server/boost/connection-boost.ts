/**
 * One connection's vocabulary boost (docs/boost.md): the person's boost list as last read, and
 * whether their recognition uses it (`boost`). Recognition is given the list from the person's
 * next utterance (LiveRoom.setBoost).
 */
import type { ServerMessage } from '../../shared/protocol';
import type { LiveRoom, RoomMember } from '../rooms';
import type { BoostWordsRepository } from './repository';

export class ConnectionBoost {
  /** Whether this connection's recognition uses the person's boost list (`boost`). */
  enabled = true;
  list: string[] = [];

  /** `allowed`: whether the person's plan includes boost now ("Vocabulary Boost requires upgrade"). */
  constructor(readonly allowed: () => boolean) {}

  /** The list recognition uses: none when boost is off or the plan does not include it. */
  inUse(): string[] {
    return this.enabled && this.allowed() ? this.list : [];
  }

  /** The person's boost list, read once they are in: used from their next utterance. */
  async load(
    store: Pick<BoostWordsRepository, 'list'> | undefined,
    target: Pick<LiveRoom, 'setBoost'>,
    who: RoomMember,
    log: (level: 'warn', message: string, extra?: object) => void,
  ): Promise<void> {
    if (!store) return;
    try {
      this.list = await store.list(who.avaId);
    } catch (error) {
      log('warn', 'could not read a boost list', { error: (error as Error).message });
      return;
    }
    if (this.inUse().length > 0) target.setBoost(who, this.inUse());
  }

  /** `user-boost-words`: the list as it is now, and what changed. */
  message(extra: { added?: string[]; removed?: string[] } = {}): ServerMessage {
    return {
      type: 'user-boost-words',
      words: [...this.list],
      enabled: this.enabled,
      ...extra,
      ...(this.allowed() ? {} : { upgradeRequired: true }),
    };
  }
}
