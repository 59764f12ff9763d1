/**
 * The bridge the preload exposes to every page of the desktop app: exactly the channels of the
 * shared map, two verbs. Listeners receive the payload only, never Electron's event object (it
 * would hand the page the whole ipcRenderer).
 */
import {
  type DesktopBridge,
  type EventChannel,
  type EventPayloads,
  type InvokeChannel,
  type InvokeRequest,
  type InvokeResults,
  isEventChannel,
  isInvokeChannel,
} from '../shared/ipc';

export interface IpcRendererLike {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, payload: unknown) => void): unknown;
}

export function createBridge(ipc: IpcRendererLike): DesktopBridge {
  return {
    invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResults[C]> {
      if (!isInvokeChannel(channel)) return Promise.reject(new Error(`unknown channel ${String(channel)}`));
      return ipc.invoke(channel, request ?? null) as Promise<InvokeResults[C]>;
    },
    on<C extends EventChannel>(channel: C, listener: (payload: EventPayloads[C]) => void): () => void {
      if (!isEventChannel(channel)) throw new Error(`unknown channel ${String(channel)}`);
      if (typeof listener !== 'function') throw new Error('listener must be a function');
      const wrapped = (_event: unknown, payload: unknown) => listener(payload as EventPayloads[C]);
      ipc.on(channel, wrapped);
      return () => void ipc.removeListener(channel, wrapped);
    },
  };
}
