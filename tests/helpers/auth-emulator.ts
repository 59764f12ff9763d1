/**
 * Talks to the Firebase Auth emulator's REST API the way the Firebase client SDK does (sign-up,
 * sign-in, token refresh, custom tokens, phone codes), plus the emulator's own endpoints that
 * tests use to read what a person would receive (email action links, SMS codes).
 */
import { identityAuthorization } from '../../src/shared/auth';

export interface SignedIn {
  idToken: string;
  refreshToken: string;
  localId: string;
}

export class EmulatorClient {
  constructor(
    readonly url: string,
    readonly projectId: string,
    readonly apiKey = 'demo-api-key',
  ) {}

  private async call<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${this.url}/identitytoolkit.googleapis.com/v1/${path}?key=${this.apiKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as T & { error?: { message: string } };
    if (!response.ok) throw new Error(`${path}: ${json.error?.message ?? response.status}`);
    return json;
  }

  signUp(email: string, password: string): Promise<SignedIn> {
    return this.call('accounts:signUp', { email, password, returnSecureToken: true });
  }

  signIn(email: string, password: string): Promise<SignedIn> {
    return this.call('accounts:signInWithPassword', { email, password, returnSecureToken: true });
  }

  signInWithCustomToken(token: string): Promise<SignedIn> {
    return this.call('accounts:signInWithCustomToken', { token, returnSecureToken: true });
  }

  /** A sign-in through a provider (Google, Apple...): the emulator takes a fake, unsigned id_token. */
  signInWithIdp(
    providerId: string,
    claims: { sub: string; email?: string; name?: string },
  ): Promise<SignedIn> {
    return this.call('accounts:signInWithIdp', {
      requestUri: 'http://localhost',
      postBody: `providerId=${encodeURIComponent(providerId)}&id_token=${encodeURIComponent(JSON.stringify({ ...claims, email_verified: true }))}`,
      returnSecureToken: true,
      returnIdpCredential: true,
    });
  }

  async sendVerificationEmail(idToken: string): Promise<void> {
    await this.call('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken });
  }

  /** Email action links the emulator "sent" (verification, password reset). */
  async oobCodes(): Promise<{ email: string; oobCode: string; oobLink: string; requestType: string }[]> {
    const response = await fetch(`${this.url}/emulator/v1/projects/${this.projectId}/oobCodes`);
    return ((await response.json()) as { oobCodes: never[] }).oobCodes;
  }

  /** Opens the latest verification link sent to `email`, as the person would. */
  async verifyEmail(email: string): Promise<void> {
    const codes = (await this.oobCodes()).filter(
      (c) => c.email === email && c.requestType === 'VERIFY_EMAIL',
    );
    const latest = codes.at(-1);
    if (!latest) throw new Error(`no verification email was sent to ${email}`);
    const response = await fetch(latest.oobLink);
    if (!response.ok) throw new Error(`verification link failed: ${response.status}`);
  }

  async refresh(refreshToken: string): Promise<string> {
    const response = await fetch(`${this.url}/securetoken.googleapis.com/v1/token?key=${this.apiKey}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `grant_type=refresh_token&refresh_token=${encodeURIComponent(refreshToken)}`,
    });
    const json = (await response.json()) as { id_token: string };
    return json.id_token;
  }

  /** A new, verified email and password account, signed in with a fresh token. */
  async verifiedUser(email: string, password = 'Secret!pass1'): Promise<SignedIn> {
    const created = await this.signUp(email, password);
    await this.sendVerificationEmail(created.idToken);
    await this.verifyEmail(email);
    return this.signIn(email, password);
  }
}

/** Fetch with the basic-auth identity header (the client's form). */
export async function api(
  base: string,
  path: string,
  options: { method?: string; token?: string; body?: unknown; authorization?: string } = {},
): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.authorization) headers.Authorization = options.authorization;
  else if (options.token) headers.Authorization = identityAuthorization(options.token);
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Rewrites a token's payload (keeping its header, dropping any signature): a forgery. */
export function forge(token: string, change: (payload: Record<string, unknown>) => void): string {
  const [header, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
  change(claims);
  return `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
}
