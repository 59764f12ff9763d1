/**
 * Receives `hearken://` deep links. The operating system starts the app with the URL (first
 * launch: in argv on Windows and Linux, `open-url` on macOS) or hands it to the running
 * instance (second-instance's argv, or `open-url`).
 *
 * Any program or web page can open a `hearken://login` link, with a valid token of *its* account:
 * signed in with it, the app would send this person's captions (medical, legal, work meetings)
 * into a stranger's account. So a login link signs in only after the person confirms, in a dialog
 * that names the account and the server; and when an account is signed in already, the dialog says
 * so and its default keeps that account. Declining changes nothing: no token is kept or handed on.
 * Once confirmed, the custom token is stored encrypted, handed to the renderer, and the account is
 * remembered as the one signed in.
 */
import { DESKTOP_PROTOCOL, type DeepLinkProblem, findDeepLinkArg, parseDeepLink } from '../shared/desktop';
import type { MainStrings } from './strings';
import type { SaveOutcome } from './token-store';

/** An account as shown to the person: its Firebase uid, and the words naming it. */
export interface AccountSummary {
  uid: string;
  /** The token's `email` claim when the server adds one, else the uid. */
  label: string;
}

/** What the person is asked to confirm. */
export interface SignInRequest {
  /** The account the link would sign in. */
  account: AccountSummary;
  /** The account this app is signed in with, when there is one (not the link's account). */
  current?: AccountSummary;
  /** The conversation server the app talks to, where that account's captions would go. */
  server: string;
}

export interface DeepLinkDeps {
  saveToken(customToken: string): Promise<SaveOutcome>;
  /** Tells the renderer a token waits (it asks for it with auth:takeCustomToken). */
  deliverToken(customToken: string): void;
  showMainWindow(): void;
  /** The account signed in on this app, if any (main.ts: the last one confirmed here). */
  signedInAccount(): AccountSummary | undefined;
  /** Remembers the account just confirmed as the signed-in one. */
  accountSignedIn(account: AccountSummary): void;
  /** The server the app uses now. */
  serverUrl(): string;
  /** Asks the person; true only when they chose to sign in (closing the dialog is a no). */
  confirmSignIn(request: SignInRequest): Promise<boolean>;
  log(level: 'info' | 'warn', message: string): void;
}

export type DeepLinkOutcome =
  | { ok: true; stored: SaveOutcome }
  /** `hearken://open` (the web's launch-app page): the main window was shown, nothing else. */
  | { ok: true; opened: true }
  | { ok: false; problem: DeepLinkProblem | 'save-failed' | 'declined' | 'busy' };

/** Firebase's limit on a uid; a longer one is not a token our server minted. */
const MAX_UID_LENGTH = 128;
/** Enough for any real e-mail address; the dialog must stay readable. */
const MAX_LABEL_LENGTH = 100;

/**
 * Text from a link, made safe to show: no control characters, and no bidirectional overrides or
 * isolates, which could make `evil.com` read as something else in a dialog.
 */
function displayText(value: string): string {
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '');
  return cleaned.length > MAX_LABEL_LENGTH ? `${cleaned.slice(0, MAX_LABEL_LENGTH - 1)}…` : cleaned;
}

/**
 * The account a custom token names (its payload's `uid`, and an `email` claim if present). The
 * token's signature is checked by Firebase at sign-in, not here: this only tells the person what
 * the link claims, and a doctored claim fails that sign-in. Undefined when the payload has no uid.
 */
export function accountOfCustomToken(customToken: string): AccountSummary | undefined {
  const payload = customToken.split('.')[1];
  if (!payload) return undefined;
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (typeof claims !== 'object' || claims === null) return undefined;
  const { uid, claims: extra } = claims as { uid?: unknown; claims?: unknown };
  if (typeof uid !== 'string' || uid === '' || uid.length > MAX_UID_LENGTH) return undefined;
  const email =
    typeof extra === 'object' && extra !== null ? (extra as { email?: unknown }).email : undefined;
  const shownUid = displayText(uid);
  if (shownUid === '') return undefined;
  const shownEmail = typeof email === 'string' && email.includes('@') ? displayText(email) : '';
  return { uid, label: shownEmail || shownUid };
}

/** A server address as a person recognises it: the host (and port), or the text itself. */
function serverLabel(serverUrl: string): string {
  try {
    return displayText(new URL(serverUrl).host) || displayText(serverUrl);
  } catch {
    return displayText(serverUrl);
  }
}

/** The options of Electron's dialog.showMessageBox, plus which button signs in. */
export interface SignInDialog {
  type: 'question' | 'warning';
  title: string;
  message: string;
  detail: string;
  buttons: string[];
  /** Enter presses this one: never the sign-in. */
  defaultId: number;
  /** Escape and closing the dialog answer this one: never the sign-in. */
  cancelId: number;
  signInId: number;
  noLink: true;
}

/**
 * The confirmation dialog. Its default button never signs in (a link can arrive while the person
 * types, and Enter must not accept it); with another account signed in it is a warning that names
 * both, and its default keeps the current one.
 */
export function signInDialog(request: SignInRequest, s: MainStrings['signInLink']): SignInDialog {
  const server = serverLabel(request.server);
  const { account, current } = request;
  if (current && current.uid !== account.uid) {
    return {
      type: 'warning',
      title: s.title,
      message: s.replaceQuestion(current.label, account.label),
      detail: s.replaceDetail(current.label, account.label, server),
      buttons: [s.keep(current.label), s.switchTo(account.label)],
      defaultId: 0,
      cancelId: 0,
      signInId: 1,
      noLink: true,
    };
  }
  return {
    type: 'question',
    title: s.title,
    message: s.question(account.label),
    detail: s.detail(server),
    buttons: [s.cancel, s.signIn],
    defaultId: 0,
    cancelId: 0,
    signInId: 1,
    noLink: true,
  };
}

export class DeepLinkReceiver {
  /** A confirmation is on screen: other links wait for nothing and are dropped (no dialog storm). */
  private asking = false;

  constructor(private readonly deps: DeepLinkDeps) {}

  async handleUrl(raw: string): Promise<DeepLinkOutcome> {
    const link = parseDeepLink(raw);
    // Never log the URL itself: it may carry a token.
    if (!link.ok) return this.refuse(link.problem);
    if (link.action === 'open') {
      this.deps.showMainWindow();
      return { ok: true, opened: true };
    }
    const account = accountOfCustomToken(link.customToken);
    if (!account) return this.refuse('invalid-token');
    if (this.asking) return this.refuse('busy');
    this.asking = true;
    let confirmed: boolean;
    try {
      this.deps.showMainWindow();
      const current = this.deps.signedInAccount();
      const request: SignInRequest = {
        account,
        server: this.deps.serverUrl(),
        ...(current ? { current } : {}),
      };
      confirmed = await this.deps.confirmSignIn(request);
    } catch (error) {
      this.deps.log('warn', `could not ask about a sign-in link: ${(error as Error).message}`);
      confirmed = false;
    } finally {
      this.asking = false;
    }
    if (!confirmed) return this.refuse('declined');
    let stored: SaveOutcome;
    try {
      stored = await this.deps.saveToken(link.customToken);
    } catch (error) {
      this.deps.log('warn', `could not keep the sign-in token: ${(error as Error).message}`);
      return { ok: false, problem: 'save-failed' };
    }
    this.deps.deliverToken(link.customToken);
    try {
      this.deps.accountSignedIn(account);
    } catch (error) {
      // Only the next confirmation's wording depends on it: the sign-in itself goes on.
      this.deps.log('warn', `could not remember the signed-in account: ${(error as Error).message}`);
    }
    this.deps.log(
      'info',
      `desktop sign-in link confirmed (token kept ${stored === 'encrypted' ? 'encrypted' : 'in memory'})`,
    );
    return { ok: true, stored };
  }

  /** A launch's command line (first instance, or a second one Electron forwarded). */
  async handleArgv(argv: readonly string[]): Promise<DeepLinkOutcome | undefined> {
    const url = findDeepLinkArg(argv);
    return url === undefined ? undefined : this.handleUrl(url);
  }

  private refuse(problem: DeepLinkProblem | 'declined' | 'busy'): DeepLinkOutcome {
    this.deps.log(
      problem === 'declined' ? 'info' : 'warn',
      problem === 'declined'
        ? `a ${DESKTOP_PROTOCOL}://login link was declined; nothing changed`
        : `ignored a ${DESKTOP_PROTOCOL}: link (${problem})`,
    );
    return { ok: false, problem };
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
