/**
 * How this machine captures what it plays, decided in main (which can run `pactl`):
 * - Windows: display media with loopback audio (Electron's setDisplayMediaRequestHandler);
 * - Linux: the PulseAudio/PipeWire monitor of the default output;
 * - macOS: no system loopback in Electron; the product's virtual speaker (found by the renderer
 *   among the inputs) or the quick-setup screen that explains how to install and choose it.
 */
import type { SystemAudioPlan } from '../../shared/ipc';
import { chooseMonitorSource, parseDefaultSink, parseShortSources } from './pactl';

export type RunCommand = (command: string, args: readonly string[]) => Promise<string>;

export async function systemAudioPlan(platform: string, run: RunCommand): Promise<SystemAudioPlan> {
  if (platform === 'win32') return { kind: 'loopback' };
  if (platform === 'darwin') return { kind: 'unavailable', reason: 'macosNeedsSetup' };
  if (platform !== 'linux') return { kind: 'unavailable', reason: 'unsupported' };
  let sourcesText: string;
  try {
    sourcesText = await run('pactl', ['list', 'short', 'sources']);
  } catch {
    return { kind: 'unavailable', reason: 'noMonitorSource' };
  }
  let sinkText = '';
  try {
    sinkText = await run('pactl', ['get-default-sink']);
  } catch {
    // pactl before 15 has no get-default-sink: `pactl info` says it too.
    sinkText = await run('pactl', ['info']).catch(() => '');
  }
  const source = chooseMonitorSource(parseShortSources(sourcesText), parseDefaultSink(sinkText));
  return source ? { kind: 'pulseMonitor', source } : { kind: 'unavailable', reason: 'noMonitorSource' };
}
