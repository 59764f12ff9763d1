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
import { type RootState, rootReducer } from '../../src/renderer/app/rootReducer';
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
import type { HttpClient, HttpResult } from '../../src/renderer/lib/http';
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

export class FakeHttp implements HttpClient {
  readonly calls: { method: 'GET' | 'POST'; path: string; body?: unknown }[] = [];
  private readonly routes = new Map<string, HttpResult<unknown>>();

  on(method: 'GET' | 'POST', path: string, result: HttpResult<unknown>): this {
    this.routes.set(`${method} ${path}`, result);
    return this;
  }
  private answer<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<HttpResult<T>> {
    this.calls.push({ method, path, body });
    const result = this.routes.get(`${method} ${path}`) ?? { ok: false, status: 404, message: 'not found' };
    return Promise.resolve(result as HttpResult<T>);
  }
  get<T>(path: string): Promise<HttpResult<T>> {
    return this.answer('GET', path);
  }
  post<T>(path: string, body: unknown): Promise<HttpResult<T>> {
    return this.answer('POST', path, body);
  }
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
  audio: FakeAudio;
  network: FakeNetwork;
  storage: ReturnType<typeof memoryStorage>;
  logger: ReturnType<typeof memoryLogger>;
  navigations: string[];
  path: { current: string };
}

export function makeFakes(): Fakes {
  const sockets: FakeSocket[] = [];
  const http = new FakeHttp();
  const audio = new FakeAudio();
  const network = new FakeNetwork();
  const storage = memoryStorage();
  const logger = memoryLogger();
  const navigations: string[] = [];
  const path = { current: '/web/conversations' };
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
      },
      currentPath: () => path.current,
    },
    clipboard: { writeText: async () => {} },
    i18n: { changeLanguage: async () => undefined },
    // Date.now, so that vitest's fake timers move it with the timers.
    now: () => Date.now(),
    appVersion: 'test',
  };
  return { deps, sockets, http, audio, network, storage, logger, navigations, path };
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
