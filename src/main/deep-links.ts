/**
 * Receives `hearken://` deep links. The operating system starts the app with the URL (first
 * launch: in argv on Windows and Linux, `open-url` on macOS) or hands it to the running
 * instance (second-instance's argv, or `open-url`). A login link's custom token is stored
 * encrypted, handed to the renderer, and the app window comes to the front.
 */
import { DESKTOP_PROTOCOL, type DeepLinkProblem, findDeepLinkArg, parseDeepLink } from '../shared/desktop';
import type { SaveOutcome } from './token-store';

export interface DeepLinkDeps {
  saveToken(customToken: string): Promise<SaveOutcome>;
  /** Tells the renderer a token waits (it asks for it with auth:takeCustomToken). */
  deliverToken(customToken: string): void;
  showMainWindow(): void;
  log(level: 'info' | 'warn', message: string): void;
}

export type DeepLinkOutcome =
  { ok: true; stored: SaveOutcome } | { ok: false; problem: DeepLinkProblem | 'save-failed' };

export class DeepLinkReceiver {
  constructor(private readonly deps: DeepLinkDeps) {}

  async handleUrl(raw: string): Promise<DeepLinkOutcome> {
    const link = parseDeepLink(raw);
    if (!link.ok) {
      // Never log the URL itself: it may carry a token.
      this.deps.log('warn', `ignored a ${DESKTOP_PROTOCOL}: link (${link.problem})`);
      return { ok: false, problem: link.problem };
    }
    this.deps.showMainWindow();
    let stored: SaveOutcome;
    try {
      stored = await this.deps.saveToken(link.customToken);
    } catch (error) {
      this.deps.log('warn', `could not keep the sign-in token: ${(error as Error).message}`);
      return { ok: false, problem: 'save-failed' };
    }
    this.deps.deliverToken(link.customToken);
    this.deps.log(
      'info',
      `desktop sign-in link received (token kept ${stored === 'encrypted' ? 'encrypted' : 'in memory'})`,
    );
    return { ok: true, stored };
  }

  /** A launch's command line (first instance, or a second one Electron forwarded). */
  async handleArgv(argv: readonly string[]): Promise<DeepLinkOutcome | undefined> {
    const url = findDeepLinkArg(argv);
    return url === undefined ? undefined : this.handleUrl(url);
  }
}

export interface ProtocolClientApp {
  setAsDefaultProtocolClient(protocol: string, path?: string, args?: string[]): boolean;
}

/**
 * Registers the app for `hearken://`. In development Electron runs our script through its own
 * binary, so the OS must be told to pass the script path too.
 */
export function registerProtocolClient(
  app: ProtocolClientApp,
  options: { defaultApp: boolean; execPath: string; appPath: string | undefined },
): boolean {
  if (options.defaultApp && options.appPath)
    return app.setAsDefaultProtocolClient(DESKTOP_PROTOCOL, options.execPath, [options.appPath]);
  return app.setAsDefaultProtocolClient(DESKTOP_PROTOCOL);
}
