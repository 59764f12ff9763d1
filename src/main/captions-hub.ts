/**
 * Where captions are switched on and off, whatever asked (tray, global shortcut, a caption
 * window's button): the window that records (the main window's renderer) is told to start or
 * stop, and reports back its state, which the tray and the caption windows show. The caption
 * window follows the room being captioned (or the offline session).
 */
import { type CaptionMode, type DesktopTheme } from '../shared/desktop';
import type { CaptionsAction, CaptionsState, TypedReplyForwarded } from '../shared/ipc';
import { captionsRunning } from './tray-menu';

export interface CaptionsHubOptions {
  /** Sends a command to the recording window, creating it (hidden) if needed. */
  tellRecorder(action: 'start' | 'stop'): void;
  /** Hands the recording window a line typed in a caption window, to send into its room. */
  tellRecorderTypedReply(text: string): void;
  /** Sends the state to every window. */
  broadcast(state: CaptionsState): void;
  showCaptionWindow(query: {
    mode: CaptionMode;
    roomId?: string;
    offline: boolean;
    theme: DesktopTheme;
  }): void;
  hideCaptionWindow(): void;
  captionWindowVisible(): boolean;
  preferences(): { captionMode: CaptionMode; theme: DesktopTheme };
  /** The tray shows the state. */
  changed(): void;
}

export const IDLE_CAPTIONS: CaptionsState = {
  recording: 'NOT_RECORDING',
  audioStatus: 'notRecording',
  offline: false,
};

export class CaptionsHub {
  private current: CaptionsState = IDLE_CAPTIONS;

  constructor(private readonly o: CaptionsHubOptions) {}

  get state(): CaptionsState {
    return this.current;
  }

  command(action: CaptionsAction): void {
    const start = action === 'start' || (action === 'toggle' && !captionsRunning(this.current));
    if (start) {
      this.o.tellRecorder('start');
      // The window appears at once, saying captions are starting, rather than after the room is ready.
      this.showCaptions();
    } else {
      this.o.tellRecorder('stop');
    }
  }

  /**
   * A line typed in a caption window (which reads the room read-only): only the recording
   * window is in the room read-write, so it sends the line, as the person's own. Without a room
   * (offline captions, or none) there is no one to send it to, and the window says so.
   */
  typedReply(text: string): TypedReplyForwarded {
    if (this.current.offline) return { ok: false, reason: 'offline' };
    if (!this.current.roomId) return { ok: false, reason: 'no-room' };
    this.o.tellRecorderTypedReply(text);
    return { ok: true };
  }

  /** The recording window's state. */
  report(state: CaptionsState): void {
    const previous = this.current;
    this.current = state;
    this.o.broadcast(state);
    const followed = previous.roomId !== state.roomId || previous.offline !== state.offline;
    if (followed && this.o.captionWindowVisible()) this.showCaptions();
    this.o.changed();
  }

  showCaptions(): void {
    const { captionMode, theme } = this.o.preferences();
    this.o.showCaptionWindow({
      mode: captionMode,
      ...(this.current.roomId ? { roomId: this.current.roomId } : {}),
      offline: this.current.offline,
      theme,
    });
    this.o.changed();
  }

  hideCaptions(): void {
    this.o.hideCaptionWindow();
    this.o.changed();
  }

  /** A new mode: the open caption window is replaced by the other mode's. */
  modeChanged(): void {
    if (this.o.captionWindowVisible()) this.showCaptions();
  }
}
