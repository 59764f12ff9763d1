/**
 * Where `hearken://` links arrive before and after the app is ready. macOS can deliver a link
 * (open-url) before the app has made its windows: it waits here, and is handled once the
 * receiver (deep-links.ts) exists, before the launch's own command line. A second launch
 * (Windows, Linux) hands its command line over: a link in it is handled, and a launch without one
 * means the person opened Hearken again, so the main window shows.
 */
import type { DeepLinkOutcome } from './deep-links';

export interface LinkReceiver {
  handleUrl(url: string): Promise<DeepLinkOutcome>;
  handleArgv(argv: readonly string[]): Promise<DeepLinkOutcome | undefined>;
}

export class DeepLinkInbox {
  private receiver: LinkReceiver | undefined;
  private readonly pending: string[] = [];

  /** A link from the operating system (macOS open-url), possibly before the app is ready. */
  receive(url: string): void {
    if (this.receiver) void this.receiver.handleUrl(url);
    else this.pending.push(url);
  }

  /** The app is ready: links that waited are handled, then the one this launch was given, if any. */
  attach(receiver: LinkReceiver, launchArgv: readonly string[]): void {
    this.receiver = receiver;
    for (const url of this.pending.splice(0)) void receiver.handleUrl(url);
    void receiver.handleArgv(launchArgv);
  }

  /** Another launch's command line (second-instance). */
  async secondInstance(argv: readonly string[], showMainWindow: () => void): Promise<void> {
    const outcome = this.receiver ? await this.receiver.handleArgv(argv) : undefined;
    if (!outcome) showMainWindow();
  }
}
