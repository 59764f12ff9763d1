/**
 * What a launch asks of the app besides opening: its command line (started at login, it stays in
 * the tray) and the environment variables that development and the smoke test use.
 */
import { CAPTION_MODES, type CaptionMode } from '../shared/desktop';
import { HIDDEN_LAUNCH_ARG } from './login-item';

export interface LaunchOptions {
  /** Started at login: the window stays hidden, Hearken waits in the tray. */
  hidden: boolean;
  /** HEARKEN_SERVER_URL: the server to use, still checked like the preferences page's. */
  serverUrl?: string;
  /** HEARKEN_OPEN_CAPTIONS: the smoke test opens this caption window at start. */
  openCaptions?: CaptionMode;
}

export function launchOptions(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): LaunchOptions {
  const mode = env.HEARKEN_OPEN_CAPTIONS;
  return {
    hidden: argv.includes(HIDDEN_LAUNCH_ARG),
    ...(env.HEARKEN_SERVER_URL ? { serverUrl: env.HEARKEN_SERVER_URL } : {}),
    ...(mode && (CAPTION_MODES as readonly string[]).includes(mode)
      ? { openCaptions: mode as CaptionMode }
      : {}),
  };
}
