/**
 * The main side of the channel map (src/shared/ipc.ts). Every invoke is checked twice before a
 * handler sees it: the sender must be one of the app's own windows showing one of the app's
 * pages, and the request must match the channel's schema. Events to renderers are queued per
 * window until its page has loaded, so nothing sent while a window starts is lost.
 */
import {
  type EventChannel,
  type EventPayloads,
  INVOKE_REQUESTS,
  type InvokeChannel,
  type InvokeRequest,
  type InvokeResults,
} from '../shared/ipc';
import { formatIssue } from '../shared/schema';

/** What main needs of an IPC invoke event. */
export interface InvokeEvent {
  sender: { id: number };
  senderFrame: { url: string } | null;
}

export interface IpcMainLike {
  handle(channel: string, listener: (event: InvokeEvent, ...args: unknown[]) => unknown): void;
  removeHandler(channel: string): void;
}

export interface Sender {
  webContentsId: number;
  frameUrl: string;
}

export type InvokeHandler<C extends InvokeChannel> = (
  request: InvokeRequest<C>,
  sender: Sender,
) => InvokeResults[C] | Promise<InvokeResults[C]>;

export class IpcRefusedError extends Error {
  constructor(
    readonly channel: string,
    reason: string,
  ) {
    super(`${channel}: ${reason}`);
    this.name = 'IpcRefusedError';
  }
}

export class IpcRouter {
  private readonly channels = new Set<string>();

  constructor(
    private readonly ipcMain: IpcMainLike,
    private readonly isTrusted: (sender: { webContentsId: number; frameUrl: string | undefined }) => boolean,
    private readonly onRefused: (error: IpcRefusedError) => void = () => {},
  ) {}

  handle<C extends InvokeChannel>(channel: C, handler: InvokeHandler<C>): void {
    if (this.channels.has(channel)) throw new Error(`${channel} already has a handler`);
    this.channels.add(channel);
    const schema = INVOKE_REQUESTS[channel];
    this.ipcMain.handle(channel, async (event, ...args) => {
      const sender = { webContentsId: event.sender.id, frameUrl: event.senderFrame?.url };
      if (!this.isTrusted(sender))
        return this.refuse(channel, `untrusted sender ${sender.frameUrl ?? '(no frame)'}`);
      if (args.length > 1) return this.refuse(channel, `expected one request value, got ${args.length}`);
      const checked = schema.check(args[0] ?? null);
      if (!checked.ok) return this.refuse(channel, `invalid request: ${formatIssue(checked.issue)}`);
      return handler(checked.value as InvokeRequest<C>, sender as Sender);
    });
  }

  dispose(): void {
    for (const channel of this.channels) this.ipcMain.removeHandler(channel);
    this.channels.clear();
  }

  private refuse(channel: string, reason: string): never {
    const error = new IpcRefusedError(channel, reason);
    this.onRefused(error);
    throw error;
  }
}

/** What main needs of a window's webContents to send it events. */
export interface EventTarget {
  readonly id: number;
  send(channel: string, payload: unknown): void;
  isDestroyed(): boolean;
}

/**
 * Sends events to the app's windows. A window registered but not yet loaded gets its events
 * when it is (the caption window opens while captions already flow).
 */
export class EventSender {
  private readonly targets = new Map<
    number,
    { target: EventTarget; ready: boolean; queue: [string, unknown][] }
  >();

  /** Queued events per window are bounded: a window that never loads does not hold audio forever. */
  static readonly MAX_QUEUED = 200;

  register(target: EventTarget): void {
    this.targets.set(target.id, { target, ready: false, queue: [] });
  }

  unregister(id: number): void {
    this.targets.delete(id);
  }

  /** The window's page loaded (again): flush what waited. */
  markReady(id: number): void {
    const entry = this.targets.get(id);
    if (!entry) return;
    entry.ready = true;
    for (const [channel, payload] of entry.queue.splice(0)) this.deliver(entry.target, channel, payload);
  }

  /** The window is navigating: hold events until the new page is ready. */
  markLoading(id: number): void {
    const entry = this.targets.get(id);
    if (entry) entry.ready = false;
  }

  ids(): ReadonlySet<number> {
    return new Set(this.targets.keys());
  }

  send<C extends EventChannel>(id: number, channel: C, payload: EventPayloads[C]): void {
    const entry = this.targets.get(id);
    if (!entry) return;
    if (entry.ready) {
      this.deliver(entry.target, channel, payload);
      return;
    }
    entry.queue.push([channel, payload]);
    if (entry.queue.length > EventSender.MAX_QUEUED) entry.queue.shift();
  }

  broadcast<C extends EventChannel>(channel: C, payload: EventPayloads[C]): void {
    for (const id of this.targets.keys()) this.send(id, channel, payload);
  }

  private deliver(target: EventTarget, channel: string, payload: unknown): void {
    if (target.isDestroyed()) {
      this.targets.delete(target.id);
      return;
    }
    target.send(channel, payload);
  }
}
