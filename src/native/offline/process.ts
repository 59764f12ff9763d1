/**
 * Entry of the offline-captions process. In the desktop app it is an Electron utility process
 * (messages on `process.parentPort`); in tests, a Node child process forked with the advanced
 * serialization (messages on `process`). Recognition runs here, never in main, so the tray and
 * windows stay responsive while the engine works.
 */
import { createEngine } from '../speech/engines';
import type { FromOffline, ToOffline } from './protocol';
import { OfflineService } from './service';

interface ElectronParentPort {
  on(event: 'message', listener: (event: { data: unknown }) => void): void;
  postMessage(message: unknown): void;
}

const electronPort = (process as unknown as { parentPort?: ElectronParentPort }).parentPort;

function send(message: FromOffline): void {
  if (electronPort) electronPort.postMessage(message);
  else process.send?.(message);
}

const service = new OfflineService(send, createEngine);

if (electronPort) {
  electronPort.on('message', (event) => void service.receive(event.data as ToOffline));
} else if (process.send) {
  process.on('message', (message) => void service.receive(message as ToOffline));
  process.on('disconnect', () => {
    service.dispose();
    process.exit(0);
  });
} else {
  throw new Error(
    'the offline-captions process must be started by the desktop app (utility process or fork)',
  );
}
