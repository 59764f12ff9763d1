/**
 * Credits (accounts.md sections 3 and 9): Scribe time and Premium recognition time, in
 * milliseconds. Negative or missing counts as 0; the Premium credit shown is extra plus
 * recurring; shown time counts down 1000 ms per tick.
 */
import { type Infer, number, object } from './schema';

/** GET /api/v1.1/user-credits/{avaId}'s answer (milliseconds, never negative). */
export const userCreditsSchema = object({
  scribeCredit: number({ min: 0, integer: true }),
  extraPremiumASRCredit: number({ min: 0, integer: true }),
  recurringPremiumASRCredit: number({ min: 0, integer: true }),
});
export type UserCredits = Infer<typeof userCreditsSchema>;

/** Paid credit and Scribe time count down 1000 ms per tick (section 9). */
export const CREDIT_TICK_MS = 1000;

function nonNegative(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** The spec's reading of credits: anything negative, missing or not a number is 0. */
export function normaliseCredits(
  raw: Partial<Record<keyof UserCredits, unknown>> | null | undefined,
): UserCredits {
  return {
    scribeCredit: nonNegative(raw?.scribeCredit),
    extraPremiumASRCredit: nonNegative(raw?.extraPremiumASRCredit),
    recurringPremiumASRCredit: nonNegative(raw?.recurringPremiumASRCredit),
  };
}

/** The Premium credit shown: extra plus recurring. */
export function premiumCredit(credits: UserCredits): number {
  return credits.extraPremiumASRCredit + credits.recurringPremiumASRCredit;
}

/** What is left after `ticks` ticks of a countdown from `ms` (never below 0). */
export function countDown(ms: number, ticks: number): number {
  return Math.max(0, ms - ticks * CREDIT_TICK_MS);
}

/**
 * Spending Premium time: the recurring credit (given again each period) goes first, the extra
 * credit (bought, kept) after it.
 */
export function spendPremium(credits: UserCredits, ms: number): UserCredits {
  const fromRecurring = Math.min(credits.recurringPremiumASRCredit, Math.max(0, ms));
  const fromExtra = Math.min(credits.extraPremiumASRCredit, Math.max(0, ms) - fromRecurring);
  return {
    ...credits,
    recurringPremiumASRCredit: credits.recurringPremiumASRCredit - fromRecurring,
    extraPremiumASRCredit: credits.extraPremiumASRCredit - fromExtra,
  };
}
