/**
 * Auto-translate (conversation.md, States: "active is host or guest; toggling switches between
 * them"): two people who do not share a language, the host's and the guest's. Whoever is active
 * is speaking, in their language; every caption is translated into the other's. The rules are
 * here, pure; the room keeps the state and says it in its status (`autoTranslation`).
 */
import type { AutoTranslation } from '../../shared/entities';
import { type LanguagePair, baseLanguage, canRead } from '../../shared/translation';

export type AutoTranslateResult = { ok: true; value: AutoTranslation } | { ok: false; message: string };

/**
 * The guest's language chosen (or changed): it must be one the host's captions can be
 * translated into, and back. Whose turn it is stays as it was (the host's at first).
 */
export function chooseGuestLanguage(
  current: AutoTranslation | undefined,
  hostLanguage: string,
  guestLanguage: string,
  pairs: readonly LanguagePair[],
): AutoTranslateResult {
  const guest = baseLanguage(guestLanguage);
  if (guest === baseLanguage(hostLanguage))
    return {
      ok: false,
      message: `the guest's language is the host's own (${hostLanguage}): nothing to translate`,
    };
  if (!canRead(hostLanguage, guest, pairs) || !canRead(guest, hostLanguage, pairs))
    return {
      ok: false,
      message: `no installed language pair translates between ${baseLanguage(hostLanguage)} and ${guest} both ways`,
    };
  return { ok: true, value: { hostLanguage, guestLanguage: guest, active: current?.active ?? 'host' } };
}

/** The toggle: the other person's turn. Only once a guest language is chosen. */
export function toggleActive(current: AutoTranslation | undefined): AutoTranslateResult {
  if (!current)
    return { ok: false, message: "choose the guest's language first (auto-translate-set-guest-language)" };
  return { ok: true, value: { ...current, active: current.active === 'host' ? 'guest' : 'host' } };
}

/** The languages auto-translate adds for a caption spoken in `speechLang`: the other person's. */
export function autoTargets(auto: AutoTranslation | undefined, speechLang: string): string[] {
  if (!auto) return [];
  const spoken = baseLanguage(speechLang);
  return [baseLanguage(auto.hostLanguage), auto.guestLanguage].filter((lang) => lang !== spoken);
}
