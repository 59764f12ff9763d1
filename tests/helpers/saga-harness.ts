/**
 * Test harness for sagas: runs a saga with redux-saga's runSaga against the real root reducer,
 * with fake seams (socket, audio capture, HTTP, storage, network, navigation) that the test
 * drives and inspects.
 */
import type { Action } from '@reduxjs/toolkit';
import { type Saga, type Task, runSaga, stdChannel } from 'redux-saga';
import type { ClientMessage, ServerMessage } from '../../src/shared/protocol';
import type { AudioDevice, ConversationStatus, Transcript } from '../../src/shared/entities';
import type { AppDeps } from '../../src/renderer/app/deps';
import { type RootState, rootReducer } from '../../src/renderer/app/root-reducer';
import type {
  AudioCaptureService,
  CaptureEvent,
  CaptureOptions,
  CaptureSession,
} from '../../src/renderer/features/audio/capture';
import {
  type ConnectionEvent,
  type SocketConnection,
  SocketLink,
} from '../../src/renderer/features/socket/connection';
import type { DownloadedFile, FileTransfer } from '../../src/renderer/lib/files';
import type { HttpClient, HttpResult, RequestOptions } from '../../src/renderer/lib/http';
import type { FirebaseClientConfig } from '../../src/shared/api';
import {
  type AuthService,
  type AuthUser,
  AuthServiceError,
  type ProviderSignInOptions,
} from '../../src/renderer/features/sign-in/auth-service';
import { memoryLogger } from '../../src/renderer/lib/logger';
import type { NetworkMonitor } from '../../src/renderer/lib/network';
import { memoryStorage } from '../../src/renderer/lib/storage';

export class FakeSocket implements SocketConnection {
  readonly sent: ClientMessage[] = [];
  readonly binary: Uint8Array[] = [];
  closed = false;
  private listener: ((event: ConnectionEvent) => void) | undefined;
  private pending: ConnectionEvent[] = [];

  constructor(readonly url: string) {}

  send(message: ClientMessage): void {
    if (!this.closed) this.sent.push(message);
  }
  sendBinary(bytes: Uint8Array): void {
    if (!this.closed) this.binary.push(bytes);
  }
  close(): void {
    this.closed = true;
  }
  subscribe(listener: (event: ConnectionEvent) => void): () => void {
    this.listener = listener;
    for (const event of this.pending.splice(0)) listener(event);
    return () => {
      this.listener = undefined;
    };
  }
  emit(event: ConnectionEvent): void {
    if (this.listener) this.listener(event);
    else this.pending.push(event);
  }
  open(): void {
    this.emit({ kind: 'open' });
  }
  receive(message: ServerMessage): void {
    this.emit({ kind: 'message', message });
  }
  drop(code = 1006): void {
    this.emit({ kind: 'close', code, reason: '' });
  }
  sentOfType<T extends ClientMessage['type']>(type: T): Extract<ClientMessage, { type: T }>[] {
    return this.sent.filter((m): m is Extract<ClientMessage, { type: T }> => m.type === type);
  }
}

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
type Answer = HttpResult<unknown> | ((call: HttpCall) => HttpResult<unknown>);

export interface HttpCall {
  method: Method;
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export class FakeHttp implements HttpClient {
  readonly calls: HttpCall[] = [];
  private readonly routes = new Map<string, Answer[]>();

  /** Answers `method path` with `result` (a function of the call, or several in turn: the last repeats). */
  on(method: Method, path: string, ...results: Answer[]): this {
    this.routes.set(`${method} ${path}`, results);
    return this;
  }
  private answer<T>(call: HttpCall): Promise<HttpResult<T>> {
    this.calls.push(call);
    const answers = this.routes.get(`${call.method} ${call.path}`);
    const next = answers && answers.length > 1 ? answers.shift()! : answers?.[0];
    const result = typeof next === 'function' ? next(call) : next;
    return Promise.resolve((result ?? { ok: false, status: 404, message: 'not found' }) as HttpResult<T>);
  }
  get<T>(path: string, options?: RequestOptions): Promise<HttpResult<T>> {
    return this.answer({ method: 'GET', path, ...(options?.headers ? { headers: options.headers } : {}) });
  }
  post<T>(path: string, body: unknown, options?: RequestOptions): Promise<HttpResult<T>> {
    return this.answer({
      method: 'POST',
      path,
      body,
      ...(options?.headers ? { headers: options.headers } : {}),
    });
  }
  patch<T>(path: string, body: unknown, options?: RequestOptions): Promise<HttpResult<T>> {
    return this.answer({
      method: 'PATCH',
      path,
      body,
      ...(options?.headers ? { headers: options.headers } : {}),
    });
  }
  delete<T>(path: string, options?: RequestOptions): Promise<HttpResult<T>> {
    return this.answer({ method: 'DELETE', path, ...(options?.headers ? { headers: options.headers } : {}) });
  }
  callsTo(method: Method, path: string): HttpCall[] {
    return this.calls.filter((c) => c.method === method && c.path === path);
  }
}

/** Downloads in memory: tests say what the server answers and read what was saved. */
export class FakeFiles implements FileTransfer {
  readonly requests: { path: string; headers: Record<string, string> }[] = [];
  readonly saved: DownloadedFile[] = [];
  answer: HttpResult<DownloadedFile> = { ok: false, status: 404, message: 'not found' };
  download(path: string, headers: Record<string, string>): Promise<HttpResult<DownloadedFile>> {
    this.requests.push({ path, headers });
    return Promise.resolve(this.answer);
  }
  save(file: DownloadedFile): void {
    this.saved.push(file);
  }
}

/** An identity provider in memory: tests decide who signs in and what fails. */
export class FakeAuth implements AuthService {
  user: AuthUser | null = null;
  token = 'h.eyJzdWIiOiJ1MSJ9.s';
  tokenRequests: boolean[] = [];
  readonly calls: string[] = [];
  /** The next call of this method rejects with this Firebase code. */
  failures = new Map<string, string>();
  initConfig: FirebaseClientConfig | undefined;
  /** What mayHaveSession answers: by default a session may be saved (the provider starts at once). */
  savedSession = true;
  private listener: ((user: AuthUser | null) => void) | undefined;

  private check(method: string): void {
    this.calls.push(method);
    const code = this.failures.get(method);
    if (code) {
      this.failures.delete(method);
      throw new AuthServiceError(code);
    }
  }
  setUser(user: AuthUser | null): void {
    this.user = user;
    this.listener?.(user);
  }
  async mayHaveSession(): Promise<boolean> {
    return this.savedSession;
  }
  async init(config: FirebaseClientConfig): Promise<void> {
    this.check('init');
    this.initConfig = config;
  }
  onUserChanged(listener: (user: AuthUser | null) => void): () => void {
    this.listener = listener;
    return () => {
      this.listener = undefined;
    };
  }
  async getIdToken(forceRefresh: boolean): Promise<string | undefined> {
    this.tokenRequests.push(forceRefresh);
    return this.user ? this.token : undefined;
  }
  async reloadUser(): Promise<AuthUser | null> {
    this.check('reloadUser');
    this.listener?.(this.user);
    return this.user;
  }
  async signUpWithEmail(email: string): Promise<AuthUser> {
    this.check('signUpWithEmail');
    this.setUser(testUser({ email, emailVerified: false, providerIds: ['password'] }));
    return this.user!;
  }
  async signInWithEmail(email: string): Promise<AuthUser> {
    this.check('signInWithEmail');
    if (!this.user || this.user.email !== email) this.setUser(testUser({ email }));
    else this.setUser(this.user);
    return this.user!;
  }
  async sendEmailVerification(): Promise<void> {
    this.check('sendEmailVerification');
  }
  async sendPasswordReset(): Promise<void> {
    this.check('sendPasswordReset');
  }
  async signInWithProvider(provider: string, options: ProviderSignInOptions = {}): Promise<AuthUser> {
    const sso = provider === 'sso' && options.ssoProviderId ? `:${options.ssoProviderId}` : '';
    const emulated = options.emulatorIdentity ? `:as:${options.emulatorIdentity.email}` : '';
    this.check(`signInWithProvider:${provider}${sso}${emulated}`);
    this.setUser(
      testUser({
        providerIds: [`${provider}.com`],
        email: options.emulatorIdentity?.email ?? 'ada@example.com',
      }),
    );
    return this.user!;
  }
  async sendPhoneCode(e164: string): Promise<string> {
    this.check(`sendPhoneCode:${e164}`);
    return 'verification-1';
  }
  async confirmPhoneCode(verificationId: string, code: string): Promise<AuthUser> {
    this.check(`confirmPhoneCode:${verificationId}:${code}`);
    this.setUser(testUser({ providerIds: ['phone'], phoneNumber: '+33612345678' }));
    return this.user!;
  }
  async signInWithCustomToken(token: string): Promise<AuthUser> {
    this.check(`signInWithCustomToken:${token}`);
    this.setUser(testUser({}));
    return this.user!;
  }
  setLanguage(language: string): void {
    this.calls.push(`setLanguage:${language}`);
  }
  async signOut(): Promise<void> {
    this.check('signOut');
    this.setUser(null);
  }
}

export function testUser(overrides: Partial<AuthUser>): AuthUser {
  return {
    uid: 'u1',
    email: 'ada@example.com',
    emailVerified: true,
    providerIds: ['password'],
    isAnonymous: false,
    creationTimeMs: 1_700_000_000_000,
    lastSignInTimeMs: 1_700_000_000_000,
    ...overrides,
  };
}

export class FakeCaptureSession implements CaptureSession {
  stopped = false;
  private listener: ((event: CaptureEvent) => void) | undefined;
  constructor(readonly contextRateHz = 16000) {}
  subscribe(listener: (event: CaptureEvent) => void): () => void {
    this.listener = listener;
    return () => {
      this.listener = undefined;
    };
  }
  async stop(): Promise<void> {
    this.stopped = true;
  }
  chunk(samples: Int16Array): void {
    this.listener?.({ kind: 'chunk', samples });
  }
  end(): void {
    this.listener?.({ kind: 'ended' });
  }
}

/** Each start() waits until the test resolves or rejects it. */
export class FakeAudio implements AudioCaptureService {
  devices: AudioDevice[] = [];
  readonly starts: {
    options: CaptureOptions;
    signal: AbortSignal;
    resolve: (s: CaptureSession) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private deviceListener: (() => void) | undefined;

  async listInputs(): Promise<AudioDevice[]> {
    return this.devices;
  }
  onDeviceChange(listener: () => void): () => void {
    this.deviceListener = listener;
    return () => {
      this.deviceListener = undefined;
    };
  }
  fireDeviceChange(): void {
    this.deviceListener?.();
  }
  start(options: CaptureOptions, signal: AbortSignal): Promise<CaptureSession> {
    return new Promise((resolve, reject) => this.starts.push({ options, signal, resolve, reject }));
  }
  get lastStart() {
    const start = this.starts.at(-1);
    if (!start) throw new Error('start() was not called');
    return start;
  }
}

export class FakeNetwork implements NetworkMonitor {
  online = true;
  private listener: ((online: boolean) => void) | undefined;
  isOnline(): boolean {
    return this.online;
  }
  subscribe(listener: (online: boolean) => void): () => void {
    this.listener = listener;
    return () => {
      this.listener = undefined;
    };
  }
  set(online: boolean): void {
    this.online = online;
    this.listener?.(online);
  }
}

export interface Fakes {
  deps: AppDeps;
  sockets: FakeSocket[];
  http: FakeHttp;
  auth: FakeAuth;
  opened: string[];
  audio: FakeAudio;
  network: FakeNetwork;
  storage: ReturnType<typeof memoryStorage>;
  logger: ReturnType<typeof memoryLogger>;
  navigations: string[];
  path: { current: string; search: string };
}

export function makeFakes(): Fakes {
  const sockets: FakeSocket[] = [];
  const http = new FakeHttp();
  const audio = new FakeAudio();
  const network = new FakeNetwork();
  const storage = memoryStorage();
  const logger = memoryLogger();
  const navigations: string[] = [];
  const path = { current: '/web/conversations', search: '' };
  const auth = new FakeAuth();
  const opened: string[] = [];
  const deps: AppDeps = {
    http,
    storage,
    logger,
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    socketUrl: () => 'ws://test/ws',
    link: new SocketLink(),
    network,
    audio,
    navigation: {
      navigate: (to) => {
        navigations.push(to);
        path.current = to.split('?')[0] ?? to;
        path.search = to.includes('?') ? `?${to.split('?')[1]}` : '';
      },
      currentPath: () => path.current,
      currentSearch: () => path.search,
      openUrl: (url) => void opened.push(url),
    },
    clipboard: { writeText: async () => {} },
    files: new FakeFiles(),
    i18n: { changeLanguage: async () => undefined },
    // Date.now, so that vitest's fake timers move it with the timers.
    now: () => Date.now(),
    appVersion: 'test',
    auth,
    platform: { isDesktopShell: false, isLocalhost: false, channel: 'web-v2', webOrigin: 'http://test' },
  };
  return { deps, sockets, http, auth, opened, audio, network, storage, logger, navigations, path };
}

export interface Running {
  readonly state: RootState;
  readonly actions: Action[];
  dispatch(action: Action): void;
  task: Task;
}

/** Runs `saga(...args)` with the root reducer as its store. */
export function run<Args extends unknown[]>(
  saga: Saga<Args>,
  args: Args,
  preloaded?: Partial<RootState>,
): Running {
  let state: RootState = { ...rootReducer(undefined, { type: '@@test/init' }), ...preloaded };
  const actions: Action[] = [];
  const channel = stdChannel();
  const dispatch = (action: Action) => {
    actions.push(action);
    state = rootReducer(state, action);
    channel.put(action);
  };
  const task = runSaga({ channel, dispatch, getState: () => state }, saga, ...args);
  return {
    get state() {
      return state;
    },
    actions,
    dispatch,
    task,
  };
}

/** Lets promises and saga steps settle. */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
  await new Promise((resolve) => setTimeout(resolve, 0));
}

export function makeStatus(overrides: Partial<ConversationStatus> = {}): ConversationStatus {
  return {
    id: 'host1_room',
    name: 'blue-river-42',
    host: { avaId: 'host1', avaName: 'Hana Host' },
    conversationMode: 'public',
    title: 'Standup',
    langs: ['en-US'],
    links: { ro: '/web/conversations?token=ro', rw: '/web/conversations?token=rw' },
    startTimestampMs: 1_700_000_000_000,
    past: false,
    state: { value: 'ongoing' },
    speakers: [],
    participants: [],
    audioStreams: [],
    ...overrides,
  };
}

export function makeTranscript(overrides: Partial<Transcript> & { id: string }): Transcript {
  return {
    isFinal: false,
    author: 'host1',
    authorShow: 'Hana Host',
    origin: 'asr',
    speechLang: 'en-US',
    texts: { 'en-US': '' },
    usePaidASR: false,
    index: 0,
    timestampMs: 1_700_000_000_000,
    t0: 0,
    trackName: 'mic',
    ...overrides,
  };
}
