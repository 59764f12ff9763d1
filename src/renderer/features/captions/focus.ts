/**
 * The captions' scrolling region is where the keyboard goes back to when something that covered
 * the captions goes away on its own (a dialog closed by what it was waiting for): one id for it.
 */
export const CAPTIONS_REGION_ID = 'captions-region';

/** Puts the keyboard on the captions, without scrolling them away from the newest line. */
export function focusCaptions(): void {
  document.getElementById(CAPTIONS_REGION_ID)?.focus({ preventScroll: true });
}
