/**
 * One connection's vocabulary boost (docs/boost.md): the person's boost list as last read, and
 * whether their recognition uses it (`boost`). Recognition is given the list from the person's
 * next utterance (LiveRoom.setBoost), with the vocabulary of the organisation they are a member
 * of (recognitionBoostList); `user-boost-words` says their own list only, the one they change.
 */
import { recognitionBoostList } from '../../shared/boost-words';
import type { ServerMessage } from '../../shared/protocol';
import type { LiveRoom, RoomMember } from '../rooms';
import type { BoostWordsRepository } from './repository';

export class ConnectionBoost {
  /** Whether this connection's recognition uses the person's boost list (`boost`). */
  enabled = true;
  list: string[] = [];
  /** The vocabulary of the person's organisation, read on joining (none outside one). */
  organization: string[] = [];

  /** `allowed`: whether the person's plan includes boost now ("Vocabulary Boost requires upgrade"). */
  constructor(readonly allowed: () => boolean) {}

  /** The list recognition uses: none when boost is off or the plan does not include it. */
  inUse(): string[] {
    return this.enabled && this.allowed() ? recognitionBoostList(this.list, this.organization) : [];
  }

  /**
   * The person's boost list and their organisation's vocabulary, read once they are in: used
   * from their next utterance. Either failing to be read is logged; the other is still used.
   */
  async load(
    store:
      | (Pick<BoostWordsRepository, 'list'> & Partial<Pick<BoostWordsRepository, 'organizationWords'>>)
      | undefined,
    target: Pick<LiveRoom, 'setBoost'>,
    who: RoomMember,
    log: (level: 'warn', message: string, extra?: object) => void,
  ): Promise<void> {
    if (!store) return;
    try {
      this.list = await store.list(who.avaId);
    } catch (error) {
      log('warn', 'could not read a boost list', { error: (error as Error).message });
    }
    try {
      this.organization = (await store.organizationWords?.(who.avaId)) ?? [];
    } catch (error) {
      log('warn', 'could not read an organisation vocabulary', { error: (error as Error).message });
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
