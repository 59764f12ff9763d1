/**
 * The curse filter's levels (conversation.md section 9: "Curse filter default 2"). The spec
 * names only the default; Hearken's levels, from the words of the kept `obscenity` library's
 * English list (server: rooms/curse-filter.ts):
 *
 *   0  off: every word as said.
 *   1  mild: slurs and the strongest swear words masked, their first letter kept ("f***").
 *   2  standard (default): every swear word and sexual slang masked, first letter kept.
 *   3  strict: also the plain sexual and anatomical words (sex, penis...), and every masked
 *      word hidden entirely ("****"): no letter to guess from.
 *
 * Plain anatomical words are left alone below 3 on purpose: a doctor's appointment captioned
 * with "v*****" helps nobody. The filter changes what a reader receives, never what is stored.
 */
export const CURSE_FILTER_LEVELS = [0, 1, 2, 3] as const;
export type CurseFilterLevel = (typeof CURSE_FILTER_LEVELS)[number];
export const CURSE_FILTER_MIN = 0;
export const CURSE_FILTER_MAX = 3;
export const CURSE_FILTER_DEFAULT: CurseFilterLevel = 2;

export function isCurseFilterLevel(value: unknown): value is CurseFilterLevel {
  return typeof value === 'number' && (CURSE_FILTER_LEVELS as readonly number[]).includes(value);
}
