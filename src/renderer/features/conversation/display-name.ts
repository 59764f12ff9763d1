/** A person's one display name (shared/display-name.ts) in the reader's language. */
import type { TFunction } from 'i18next';
import type { DisplayName } from '../../../shared/display-name';

export function formatDisplayName(person: DisplayName, t: TFunction): string {
  if (person.isScribe)
    return person.name ? t('participants.scribeNamed', { name: person.name }) : t('participants.scribe');
  return person.name || t('participants.guest');
}
