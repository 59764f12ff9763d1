import { describe, expect, it, vi } from 'vitest';
import { SystemAudioSession } from '../../../../src/main/system-audio/system-audio-session';
import type { SystemAudioPlan } from '../../../../src/shared/ipc';

function session(plan: SystemAudioPlan) {
  const captures: { source: string; stop: ReturnType<typeof vi.fn>; end(message: string): void }[] = [];
  const s = new SystemAudioSession({
    plan: async () => plan,
    capture: (source, _onChunk, onEnd) => {
      const capture = { source, stop: vi.fn(), end: onEnd };
      captures.push(capture);
      return capture;
    },
  });
  const listener = () => ({ chunk: vi.fn(), ended: vi.fn() });
  return { s, captures, listener };
}

describe('SystemAudioSession', () => {
  it('records only the monitor source of its last plan', async () => {
    const { s, captures, listener } = session({ kind: 'pulseMonitor', source: 'speakers.monitor' });
    expect(s.start('speakers.monitor', listener())).toEqual({ ok: false, message: 'unknown source' });
    await s.plan();
    expect(s.start('microphone', listener())).toEqual({ ok: false, message: 'unknown source' });
    expect(s.start('speakers.monitor', listener())).toEqual({ ok: true });
    expect(captures.map((c) => c.source)).toEqual(['speakers.monitor']);
  });

  it('refuses everything when the machine offers no monitor', async () => {
    const { s, captures, listener } = session({ kind: 'unavailable', reason: 'noMonitorSource' });
    await s.plan();
    expect(s.start('speakers.monitor', listener()).ok).toBe(false);
    expect(captures).toHaveLength(0);
  });

  it('keeps one recording at a time, and stop stops it', async () => {
    const { s, captures, listener } = session({ kind: 'pulseMonitor', source: 'm' });
    await s.plan();
    s.start('m', listener());
    s.start('m', listener());
    expect(captures[0]!.stop).toHaveBeenCalledOnce();
    s.stop();
    expect(captures[1]!.stop).toHaveBeenCalledOnce();
  });

  it('tells the page why a recording ended by itself; a stop afterwards stops nothing', async () => {
    const { s, captures, listener } = session({ kind: 'pulseMonitor', source: 'm' });
    await s.plan();
    const to = listener();
    s.start('m', to);
    captures[0]!.end('parec is not installed');
    expect(to.ended).toHaveBeenCalledWith('parec is not installed');
    s.stop();
    expect(captures[0]!.stop).not.toHaveBeenCalled();
  });
});
