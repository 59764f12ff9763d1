import { describe, expect, it } from 'vitest';
import { MAX_REMEMBERED_DISPLAYS, SETTLE_DELAY_MS } from '../../../../src/main/windows/caption-windows';
import { defaultBounds, displayKey } from '../../../../src/main/windows/placement';
import { DRAG_EDGE_MARGIN_PX } from '../../../../src/shared/desktop';
import { laptop, monitor, setup, query } from '../../../helpers/caption-windows';

describe('CaptionWindows', () => {
  it('opens floating captions on the display under the mouse, at the default place, with the flags applied', () => {
    const { windows, captionWindows, opened } = setup({ cursor: { x: 2500, y: 300 } });
    captionWindows.show({ ...query, roomId: 'r_1' }, false);
    const w = windows[0]!;
    expect(w.bounds).toEqual(defaultBounds('floatingCaptions', monitor.workArea));
    expect(w.alwaysOnTop).toEqual({ flag: true, level: 'screen-saver' });
    expect(w.allWorkspaces).toEqual({ visible: true, fullScreen: true });
    expect(w.ignoreMouse).toBe(false);
    expect(w.shown).toBe(1);
    expect(w.urls[0]).toBe(
      'app://hearken/cc/conversation?mode=floatingCaptions&roomId=r_1&theme=charcoal&variant=dark',
    );
    expect(opened).toHaveBeenCalledWith(w, 'floatingCaptions');
  });

  it('keeps a dragged window 5 px inside the screen and remembers it for that display', () => {
    const { windows, captionWindows, settings, runTimers } = setup();
    captionWindows.show(query, false);
    const w = windows[0]!;
    w.bounds = { x: -200, y: 1000, width: 600, height: 150 };
    w.emit('move');
    w.emit('move');
    runTimers();
    expect(w.bounds).toEqual({
      x: DRAG_EDGE_MARGIN_PX,
      y: 1040 - DRAG_EDGE_MARGIN_PX - 150,
      width: 600,
      height: 150,
    });
    expect(settings.data.windowBounds.floatingCaptions[displayKey(laptop)]).toEqual(w.bounds);
    expect(settings.data.lastDisplay.floatingCaptions).toBe(displayKey(laptop));
  });

  it('reopens where it was left, on the display it was last on', () => {
    const remembered = { x: 2100, y: 300, width: 700, height: 200 };
    const { windows, captionWindows } = setup({
      cursor: { x: 10, y: 10 },
      settings: {
        windowBounds: { floatingCaptions: { [displayKey(monitor)]: remembered }, captionsBox: {} },
        lastDisplay: { floatingCaptions: displayKey(monitor) },
      },
    });
    captionWindows.show(query, false);
    expect(windows[0]!.bounds).toEqual(remembered);
  });

  it('switching mode closes one window and opens the other; the same mode reloads only a new room', () => {
    const { windows, captionWindows, closed } = setup();
    captionWindows.show(query, false);
    captionWindows.show(query, false);
    expect(windows).toHaveLength(1);
    expect(windows[0]!.urls).toHaveLength(1);
    captionWindows.show({ ...query, roomId: 'r_2' }, false);
    expect(windows[0]!.urls).toHaveLength(2);
    captionWindows.show({ ...query, mode: 'captionsBox', roomId: 'r_2' }, false);
    expect(windows).toHaveLength(2);
    expect(windows[0]!.destroyed).toBe(true);
    expect(closed).toHaveBeenCalledWith(windows[0]);
    expect(captionWindows.current!.mode).toBe('captionsBox');
    expect(windows[1]!.alwaysOnTop.level).toBe('floating');
  });

  it('turns click-through on and off without reopening', () => {
    const { windows, captionWindows } = setup();
    captionWindows.show(query, false);
    captionWindows.setClickThrough(true);
    expect(windows[0]!.ignoreMouse).toBe(true);
    captionWindows.setClickThrough(false);
    expect(windows[0]!.ignoreMouse).toBe(false);
  });

  it('lets clicks reach the controls while the pointer is over them, click-through or not', () => {
    const { windows, captionWindows } = setup();
    captionWindows.show(query, true);
    expect(windows[0]!.ignoreMouse).toBe(true);
    captionWindows.setInteractive(true, true);
    expect(windows[0]!.ignoreMouse).toBe(false);
    captionWindows.setInteractive(false, true);
    expect(windows[0]!.ignoreMouse).toBe(true);
    captionWindows.setInteractive(false, false);
    expect(windows[0]!.ignoreMouse).toBe(false);
  });

  it('moves by keyboard and stops at the margin', () => {
    const { windows, captionWindows, settings } = setup();
    captionWindows.show(query, false);
    const w = windows[0]!;
    const start = w.getBounds();
    captionWindows.moveBy(-40, 0);
    expect(w.bounds.x).toBe(start.x - 40);
    captionWindows.moveBy(0, 5000);
    expect(w.bounds.y + w.bounds.height).toBe(1040 - DRAG_EDGE_MARGIN_PX);
    expect(settings.data.windowBounds.floatingCaptions[displayKey(laptop)]).toEqual(w.bounds);
  });

  it('brings the window back when its monitor is unplugged', () => {
    const { windows, captionWindows } = setup();
    captionWindows.show(query, false);
    windows[0]!.bounds = { x: 5000, y: 200, width: 600, height: 150 };
    captionWindows.displaysChanged();
    expect(windows[0]!.bounds.x + 600).toBeLessThanOrEqual(1920 + 2560 - DRAG_EDGE_MARGIN_PX);
  });

  it('remembers only the latest displays', () => {
    const many = Object.fromEntries(
      Array.from({ length: MAX_REMEMBERED_DISPLAYS + 5 }, (_, i) => [
        `${100 + i}:800x600`,
        { x: 0, y: 0, width: 400, height: 100 },
      ]),
    );
    const { captionWindows, settings } = setup({
      settings: { windowBounds: { floatingCaptions: many, captionsBox: {} } },
    });
    captionWindows.show(query, false);
    captionWindows.moveBy(1, 0);
    const kept = Object.keys(settings.data.windowBounds.floatingCaptions);
    expect(kept).toHaveLength(MAX_REMEMBERED_DISPLAYS);
    expect(kept.at(-1)).toBe(displayKey(laptop));
  });

  it('waits for the drag to end before settling', () => {
    const { windows, captionWindows, timers } = setup();
    captionWindows.show(query, false);
    windows[0]!.emit('move');
    windows[0]!.emit('move');
    expect(timers.filter((t) => !t.cancelled)).toHaveLength(1);
    expect(timers[0]!.ms).toBe(SETTLE_DELAY_MS);
  });
});
