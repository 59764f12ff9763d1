/**
 * One connection's Premium: what its client asked for (connection-params-update usePaidASR) and
 * what the server grants now. The server decides the tier of each recording (servedTier), from
 * the plan and credit as they are when it starts.
 */
import { type PremiumGrant, currentPremiumGrant, type Principal } from '../auth';
import type { CreditRepository } from './repository';
import type { ServerLimits } from '../limits';

/** Said to a client that asked for Premium it is not entitled to: it is served Basic. */
export const PREMIUM_NOT_ENTITLED_MESSAGE =
  'Premium captions are not included in your plan and you have no Premium credit: your captions are Basic';

export class PremiumChoice {
  /** What the client asked for (connection-params-update usePaidASR); the server decides (servedTier). */
  asked: boolean | undefined;

  constructor(
    private readonly policy: ServerLimits['premiumFor'],
    private readonly credits: Pick<CreditRepository, 'get'> | undefined,
    private readonly log: (level: 'warn', message: string, extra?: object) => void,
  ) {}

  /** The Premium grant now; credit that cannot be read gives Basic rather than refusing to caption. */
  grantOf(who: Principal): Promise<PremiumGrant> {
    return currentPremiumGrant(who, this.policy, this.credits).catch((error: unknown) => {
      this.log('warn', 'could not read Premium credit; serving Basic', { error: (error as Error).message });
      return 'none' as const;
    });
  }
}
