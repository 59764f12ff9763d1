/** A fake of the desktop app's bridge (src/preload) for renderer tests: records invokes, plays main. */
import type {
  DesktopBridge,
  EventChannel,
  EventPayloads,
  InvokeChannel,
  InvokeResults,
} from '../../src/shared/ipc';
import type { DesktopDeps } from '../../src/renderer/features/desktop/deps';
import type { DesktopCaptureNotice } from '../../src/renderer/features/desktop/desktop-capture';
import type { OutputDeviceInfo } from '../../src/renderer/features/desktop/output-device';

export class FakeBridge implements DesktopBridge {
  readonly invokes: { channel: InvokeChannel; request: unknown }[] = [];
  readonly answers = new Map<InvokeChannel, (request: unknown) => unknown>();
  private readonly listeners = new Map<string, Set<(payload: unknown) => void>>();

  answer<C extends InvokeChannel>(
    channel: C,
    fn: (request: unknown) => InvokeResults[C] | Promise<InvokeResults[C]>,
  ): this {
    this.answers.set(channel, fn);
    return this;
  }

  async invoke<C extends InvokeChannel>(channel: C, request: unknown): Promise<InvokeResults[C]> {
    this.invokes.push({ channel, request });
    const answer = this.answers.get(channel);
    return (answer ? await answer(request) : undefined) as InvokeResults[C];
  }

  on<C extends EventChannel>(channel: C, listener: (payload: EventPayloads[C]) => void): () => void {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set);
    set.add(listener as (payload: unknown) => void);
    return () => set.delete(listener as (payload: unknown) => void);
  }

  emit<C extends EventChannel>(channel: C, payload: EventPayloads[C]): void {
    for (const l of this.listeners.get(channel) ?? []) l(payload);
  }

  listenerCount(channel: EventChannel): number {
    return this.listeners.get(channel)?.size ?? 0;
  }

  invoked(channel: InvokeChannel): unknown[] {
    return this.invokes.filter((i) => i.channel === channel).map((i) => i.request);
  }
}

export function fakeDesktop(bridge = new FakeBridge()) {
  const noticeListeners = new Set<(n: DesktopCaptureNotice) => void>();
  const state = { lastChunkAt: undefined as number | undefined, outputs: [] as OutputDeviceInfo[] };
  const desktop: DesktopDeps = {
    bridge,
    platform: 'darwin',
    lastChunkAtMs: () => state.lastChunkAt,
    captureNotices: {
      subscribe(listener) {
        noticeListeners.add(listener);
        return () => noticeListeners.delete(listener);
      },
    },
    listOutputs: async () => state.outputs,
  };
  return {
    bridge,
    desktop,
    state,
    notice: (n: DesktopCaptureNotice) => noticeListeners.forEach((l) => l(n)),
  };
}
