import { FONT_SIZE_MAX_PX, FONT_SIZE_MIN_PX } from '../../../shared/constants';

/**
 * A size typed in the number box is applied at once only when it is already a size in range
 * (typing "48" passes through "4", which must not shrink the captions); anything else is
 * clamped when the user presses Enter or leaves the box.
 */
export function parseFontSizeDraft(draft: string): number | undefined {
  const trimmed = draft.trim();
  const value = Number(trimmed);
  if (trimmed === '' || !Number.isFinite(value)) return undefined;
  return value >= FONT_SIZE_MIN_PX && value <= FONT_SIZE_MAX_PX ? Math.round(value) : undefined;
}
