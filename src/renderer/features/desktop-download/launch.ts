/**
 * /convo-v2/launch-app (conversation.md: the open-the-desktop-app screen): the page opens the
 * app by its deep link (`hearken://open`), and after a short wait offers what to do if it did
 * not open: download it, or continue in the browser.
 */
import { QUERY_PARAMS, ROUTES, safeRedirect } from '../../../shared/routes';

/** How long the page waits for the app before offering the other ways (a short wait). */
export const LAUNCH_APP_FALLBACK_MS = 2500;

/** "Continue in the browser": the page the link asked for (`?redirect=`, a path of this app), else the lobby. */
export function continueInBrowserPath(search: string): string {
  return safeRedirect(new URLSearchParams(search).get(QUERY_PARAMS.redirect)) ?? ROUTES.conversations;
}
