/**
 * The offline-captions process as offline-captions.ts sees it: an Electron utility process
 * (Node, outside the main process, so a crash of the speech engine cannot take the app down)
 * running the bundled src/native/offline entry, and the engines it may load on this computer.
 */
import { join } from 'node:path';
import type { FromOffline, ToOffline } from '../native/offline/protocol';
import { resolveTiers } from '../native/speech/tiers';
import type { EngineSpec } from '../native/speech/types';
import type { OfflineChild } from './offline-captions';

/** The part of Electron's UtilityProcess this needs. */
export interface UtilityChildLike {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  kill(): boolean;
}

export interface UtilityProcessLike {
  fork(
    modulePath: string,
    args: string[],
    options: { serviceName: string; stdio: 'inherit' },
  ): UtilityChildLike;
}

export function forkOfflineProcess(utilityProcess: UtilityProcessLike, modulePath: string): OfflineChild {
  const child = utilityProcess.fork(modulePath, [], {
    serviceName: 'Hearken offline captions',
    stdio: 'inherit',
  });
  return {
    postMessage: (m: ToOffline) => child.postMessage(m),
    onMessage: (l) => void child.on('message', (m) => l(m as FromOffline)),
    onExit: (l) => void child.on('exit', (code) => l(code)),
    kill: () => void child.kill(),
  };
}

/**
 * The engines offline captions try, best first: the sherpa-onnx models installed in
 * `<userData>/models`, then PocketSphinx; the voice activity model ships in resources.
 */
export function offlineEngines(dirs: { resourcesDir: string; userData: string }): EngineSpec[] {
  const vadModel = join(dirs.resourcesDir, 'models/silero-vad/silero_vad.onnx');
  return resolveTiers({ modelsDir: join(dirs.userData, 'models'), vadModel, configured: {} }).basic;
}
