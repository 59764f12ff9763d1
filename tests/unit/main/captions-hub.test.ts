import { describe, expect, it, vi } from 'vitest';
import { CaptionsHub, IDLE_CAPTIONS } from '../../../src/main/captions-hub';
import { DEFAULT_DESKTOP_THEME } from '../../../src/shared/desktop';

describe('CaptionsHub', () => {
  function hub(visible = false) {
    const calls: string[] = [];
    let shown = visible;
    const o = {
      tellRecorder: vi.fn((a: 'start' | 'stop') => void calls.push(`recorder:${a}`)),
      tellRecorderTypedReply: vi.fn((text: string) => void calls.push(`reply:${text}`)),
      broadcast: vi.fn(),
      showCaptionWindow: vi.fn(() => void (shown = true)),
      hideCaptionWindow: vi.fn(() => void (shown = false)),
      captionWindowVisible: () => shown,
      preferences: () => ({ captionMode: 'captionsBox' as const, theme: DEFAULT_DESKTOP_THEME }),
      changed: vi.fn(),
    };
    return { o, calls, h: new CaptionsHub(o) };
  }

  it('hands a line typed in a caption window to the recording window, only when it is in a room', () => {
    const { calls, h } = hub(true);
    expect(h.typedReply('hello')).toEqual({ ok: false, reason: 'no-room' });
    h.report({ recording: 'RECORDING', audioStatus: 'recording', offline: true });
    expect(h.typedReply('hello')).toEqual({ ok: false, reason: 'offline' });
    h.report({ recording: 'RECORDING', audioStatus: 'recording', roomId: 'r_1', offline: false });
    expect(h.typedReply('Could you repeat that?')).toEqual({ ok: true });
    expect(calls).toEqual(['reply:Could you repeat that?']);
  });

  it('toggle starts captions when off: tells the recorder and shows the caption window at once', () => {
    const { o, h } = hub();
    h.command('toggle');
    expect(o.tellRecorder).toHaveBeenCalledWith('start');
    expect(o.showCaptionWindow).toHaveBeenCalledWith({
      mode: 'captionsBox',
      offline: false,
      theme: DEFAULT_DESKTOP_THEME,
    });
  });

  it('toggle stops them when on, keeping the window (the last words stay readable)', () => {
    const { o, h } = hub(true);
    h.report({ recording: 'RECORDING', audioStatus: 'recording', roomId: 'r_1', offline: false });
    h.command('toggle');
    expect(o.tellRecorder).toHaveBeenLastCalledWith('stop');
    expect(o.hideCaptionWindow).not.toHaveBeenCalled();
  });

  it('follows the room being captioned and shares the state with every window', () => {
    const { o, h } = hub(true);
    const state = {
      recording: 'PENDING' as const,
      audioStatus: 'pending' as const,
      roomId: 'r_9',
      offline: false,
    };
    h.report(state);
    expect(o.broadcast).toHaveBeenCalledWith(state);
    expect(o.showCaptionWindow).toHaveBeenLastCalledWith({
      mode: 'captionsBox',
      roomId: 'r_9',
      offline: false,
      theme: DEFAULT_DESKTOP_THEME,
    });
    o.showCaptionWindow.mockClear();
    h.report({ ...state, recording: 'RECORDING', audioStatus: 'recording' });
    expect(o.showCaptionWindow).not.toHaveBeenCalled();
    expect(h.state.recording).toBe('RECORDING');
    h.report(IDLE_CAPTIONS);
    expect(o.changed).toHaveBeenCalled();
  });

  it('does not open a hidden caption window on a report', () => {
    const { o, h } = hub(false);
    h.report({ recording: 'RECORDING', audioStatus: 'recording', offline: true });
    expect(o.showCaptionWindow).not.toHaveBeenCalled();
  });
});
