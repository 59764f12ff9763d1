/**
 * The meeting bot (conversation.md: Meeting bot statuses, request-ava-bot, the meeting bot
 * errors): which meeting links a bot may open, the statuses the client shows, the provider's
 * status codes that drive them, and every error key with its text. Pure: the status machine
 * takes its clock as an argument, so the spec's timings are tested with a fake one.
 */

/** The statuses the connect-to-online-meetings panel shows. */
export const BOT_STATUSES = [
  'NOT_CONNECTED',
  'LOADING',
  'WAITING_FOR_HOST',
  'CONNECTING_TO_AUDIO',
  'CONNECTED',
  'CAPTIONING',
  'ERROR',
  'DISCONNECT',
] as const;
export type BotStatus = (typeof BOT_STATUSES)[number];

/** The provider's (Recall.ai's) status codes, as its webhooks name them. */
export const BOT_SERVER_CODES = [
  'joining_call',
  'in_waiting_room',
  'in_call_not_recording',
  'in_call_recording',
  'recording_permission_denied',
  'call_ended',
  'done',
  'fatal',
] as const;
export type BotServerCode = (typeof BOT_SERVER_CODES)[number];

export function isBotServerCode(code: string): code is BotServerCode {
  return (BOT_SERVER_CODES as readonly string[]).includes(code);
}

/** Spec timings: how long the panel stays on a status before showing the next one. */
export const CONNECTING_TO_AUDIO_AFTER_WAITING_MS = 5000;
export const CAPTIONING_AFTER_CONNECTED_MS = 1500;

/**
 * Error keys (connectToOnlineMeetings.errors.{code}) with their English text. The codes are
 * the provider's sub codes, so a webhook's sub_code is looked up as is.
 */
export const BOT_ERROR_TEXTS = {
  ava_bot_requested_already: 'A bot has already joined this meeting. Its captions are in the transcript.',
  bot_errored: 'The bot ran into a problem and left the meeting.',
  bot_kicked_from_call: 'The bot was removed from the meeting.',
  bot_kicked_from_waiting_room: 'The bot was removed from the waiting room.',
  bot_received_leave_call: 'The bot left the meeting.',
  call_ended_by_host: 'The host ended the meeting.',
  call_ended_by_platform_idle: 'The meeting platform ended the meeting because it was idle.',
  call_ended_by_platform_max_length: 'The meeting platform ended the meeting: it reached its maximum length.',
  call_ended_by_platform_waiting_room_timeout:
    'The meeting platform ended the bot’s wait: nobody let it in from the waiting room in time.',
  google_meet_sign_in_captcha_failed:
    'The bot could not sign in to Google Meet: a captcha could not be solved.',
  google_meet_sign_in_failed: 'The bot could not sign in to Google Meet.',
  google_meet_sign_in_missing_login_credentials:
    'The bot could not sign in to Google Meet: its sign-in details are missing.',
  google_meet_sign_in_missing_recovery_credentials:
    'The bot could not sign in to Google Meet: its recovery details are missing.',
  google_meet_sso_sign_in_failed: 'The bot could not sign in to Google Meet with single sign-on.',
  google_meet_sso_sign_in_missing_login_credentials:
    'The bot could not sign in to Google Meet: its single sign-on details are missing.',
  google_meet_sso_sign_in_missing_totp_secret:
    'The bot could not sign in to Google Meet: its one-time code secret is missing.',
  meeting_ended: 'This meeting has ended.',
  meeting_full: 'This meeting is full.',
  meeting_link_expired: 'This meeting link has expired.',
  meeting_locked: 'This meeting is locked.',
  meeting_not_found: 'This meeting could not be found. Check the link.',
  meeting_not_started: 'This meeting has not started yet.',
  meeting_password_incorrect: 'The meeting password is incorrect. Use the link with its password.',
  meeting_requires_sign_in: 'This meeting only lets signed-in people join.',
  timeout_exceeded_everyone_left: 'The bot left: everyone else had left the meeting.',
  timeout_exceeded_noone_joined: 'The bot left: nobody joined the meeting.',
  timeout_exceeded_only_bots_detected_using_participant_events:
    'The bot left: only bots were in the meeting.',
  timeout_exceeded_waiting_room: 'Nobody let the bot in from the waiting room in time.',
  zoom_account_blocked: 'Zoom has blocked the bot’s account.',
  zoom_captcha_required: 'Zoom asked the bot to solve a captcha.',
  zoom_email_blocked_by_admin: 'The meeting’s Zoom administrator blocks the bot’s email address.',
  zoom_email_required: 'This Zoom meeting asks for an email address to join.',
  zoom_internal_error: 'Zoom had an internal error. Try again.',
  zoom_invalid_signature: 'Zoom refused the bot’s credentials.',
  zoom_join_timeout: 'The bot could not join the Zoom meeting in time.',
  zoom_local_recording_request_denied_by_host:
    'The host did not allow the bot to record the meeting’s audio.',
  zoom_registration_required: 'This Zoom meeting asks people to register before joining.',
  zoom_sdk_credentials_missing: 'The bot’s Zoom credentials are missing.',
  zoom_sdk_update_required: 'Zoom asks the bot to update before joining.',
  zoom_web_disallowed: 'This Zoom meeting does not let people join from a browser.',
} as const;
export type BotErrorKey = keyof typeof BOT_ERROR_TEXTS;

/** Keys that are not the bot's own, under connectToOnlineMeetings. */
export const BOT_PANEL_TEXTS = {
  failed: 'Could not connect to the meeting.',
  invalidLink: 'This is not a Zoom, Google Meet or Microsoft Teams meeting link.',
  connectionFailed: 'The connection to the meeting failed. Retry?',
  onlyHost: 'Only the host can make modifications.',
  notAvailable: 'Meeting bots are not available on this server.',
} as const;

export function isBotErrorKey(code: string): code is BotErrorKey {
  return Object.hasOwn(BOT_ERROR_TEXTS, code);
}

/** Sub codes that end a call without anything having gone wrong. */
const NOT_ERRORS: ReadonlySet<BotErrorKey> = new Set(['bot_received_leave_call']);

/** The default when the host refuses recording without saying more (the spec's default). */
export const PERMISSION_DENIED_DEFAULT: BotErrorKey = 'zoom_local_recording_request_denied_by_host';

export type MeetingPlatform = 'zoom' | 'google-meet' | 'teams' | 'test-meeting';

/** Longest meeting link accepted: real ones (Teams' included) are well below. */
export const MEETING_URL_MAX_LENGTH = 2048;

const PLATFORMS: readonly { platform: MeetingPlatform; hosts: RegExp; path: RegExp; https: boolean }[] = [
  // zoom.us and its company subdomains (acme.zoom.us), and Zoom for Government.
  {
    platform: 'zoom',
    hosts: /^([a-z0-9-]+\.)*zoom(gov)?\.us$/,
    path: /^\/(j|w|s|wc(\/join)?|my)\/[A-Za-z0-9._-]+/,
    https: true,
  },
  {
    platform: 'google-meet',
    hosts: /^meet\.google\.com$/,
    path: /^\/[a-z]{3}-[a-z]{4}-[a-z]{3}\/?$/,
    https: true,
  },
  {
    platform: 'teams',
    hosts: /^teams\.(microsoft|live)\.com$/,
    path: /^\/(l\/meetup-join\/|meet\/)/,
    https: true,
  },
  // The meeting page our tests serve (a small WebRTC meeting with a waiting room).
  {
    platform: 'test-meeting',
    hosts: /^(localhost|127\.0\.0\.1)$/,
    path: /^\/test-meeting\/[A-Za-z0-9-]{1,64}$/,
    https: false,
  },
];

export type MeetingUrlCheck = { ok: true; url: string; platform: MeetingPlatform } | { ok: false };

/**
 * Whether `text` is a meeting link a bot may open, and of which platform. Anything else (other
 * hosts, credentials in the URL, other schemes) is refused, so the bot never opens an arbitrary page.
 */
export function checkMeetingUrl(text: string): MeetingUrlCheck {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MEETING_URL_MAX_LENGTH) return { ok: false };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return { ok: false };
  }
  if (url.username || url.password) return { ok: false };
  for (const p of PLATFORMS) {
    const schemeOk = url.protocol === 'https:' || (!p.https && url.protocol === 'http:');
    if (schemeOk && p.hosts.test(url.hostname) && p.path.test(url.pathname))
      return { ok: true, url: url.toString(), platform: p.platform };
  }
  return { ok: false };
}

const PLATFORM_NAMES: Record<MeetingPlatform, string> = {
  zoom: 'Zoom meeting',
  'google-meet': 'Google Meet',
  teams: 'Teams meeting',
  'test-meeting': 'Test meeting',
};

/** The participant the meeting's sound is shown as in the room: named after the meeting. */
export function meetingSpeakerName(url: string, platform: MeetingPlatform): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  const id = platform === 'teams' ? '' : decodeURIComponent(last).slice(0, 24);
  return id ? `${PLATFORM_NAMES[platform]} ${id}` : PLATFORM_NAMES[platform];
}

/** What the panel shows: a status, and the error that explains it when there is one. */
export interface BotView {
  status: BotStatus;
  error?: BotErrorKey;
}

/** The clock the machine's delayed steps use (real timers in the server, a fake one in tests). */
export interface BotClock {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/**
 * The bot's status, driven by the provider's codes. A delayed step (waiting room to
 * connecting-to-audio, connected to captioning) happens only if nothing else happened first.
 */
export class BotStatusMachine {
  private view: BotView = { status: 'NOT_CONNECTED' };
  private pending: unknown;

  constructor(
    private readonly clock: BotClock,
    private readonly onChange: (view: BotView) => void,
  ) {}

  get current(): BotView {
    return this.view;
  }

  /** The host asked for a bot: loading until the provider reports. */
  requested(): void {
    this.set({ status: 'LOADING' });
  }

  /** The request failed before any bot existed (provider unreachable, bot already there...). */
  failed(error: BotErrorKey): void {
    this.set({ status: 'ERROR', error });
  }

  /** The host ended the bot: it is gone, nothing went wrong. */
  ended(): void {
    this.set({ status: 'DISCONNECT' });
  }

  code(code: BotServerCode, subCode?: string): void {
    const known = subCode !== undefined && isBotErrorKey(subCode) ? subCode : undefined;
    switch (code) {
      case 'joining_call':
        this.set({ status: 'LOADING' });
        return;
      case 'in_waiting_room':
        this.set({ status: 'WAITING_FOR_HOST' });
        this.later(CONNECTING_TO_AUDIO_AFTER_WAITING_MS, { status: 'CONNECTING_TO_AUDIO' });
        return;
      case 'in_call_not_recording':
      case 'in_call_recording':
        // Captioning already: a later code of the same call changes nothing on screen.
        if (this.view.status === 'CAPTIONING' || this.view.status === 'CONNECTED') return;
        this.set({ status: 'CONNECTED' });
        this.later(CAPTIONING_AFTER_CONNECTED_MS, { status: 'CAPTIONING' });
        return;
      case 'recording_permission_denied':
        this.set({ status: 'ERROR', error: known ?? PERMISSION_DENIED_DEFAULT });
        return;
      case 'call_ended':
        if (this.view.status === 'ERROR') return;
        this.set(
          known && !NOT_ERRORS.has(known) ? { status: 'DISCONNECT', error: known } : { status: 'DISCONNECT' },
        );
        return;
      case 'done':
        // The bot is gone; an error or a reason already shown stays on screen.
        if (this.view.status === 'ERROR' || this.view.error) {
          this.cancel();
          return;
        }
        this.set({ status: 'NOT_CONNECTED' });
        return;
      case 'fatal':
        this.set({ status: 'ERROR', error: known ?? 'bot_errored' });
        return;
    }
  }

  /**
   * Cluster mode: the status a bot had on the node that died, taken up by the node that took its
   * room over (meeting-bot/room-bots.ts adopt); a step that was still to come is not.
   */
  restore(view: BotView): void {
    this.set(view.status === 'CONNECTED' ? { status: 'CAPTIONING' } : view);
  }

  /** Stops a delayed step (the room ended). */
  dispose(): void {
    this.cancel();
  }

  private later(ms: number, next: BotView): void {
    this.pending = this.clock.setTimeout(() => {
      this.pending = undefined;
      this.set(next);
    }, ms);
  }

  private cancel(): void {
    if (this.pending !== undefined) this.clock.clearTimeout(this.pending);
    this.pending = undefined;
  }

  private set(view: BotView): void {
    this.cancel();
    this.view = view;
    this.onChange(view);
  }
}

/** A status in which a bot exists in (or on its way to) the meeting: a second one is refused. */
export function botIsActive(status: BotStatus): boolean {
  return ['LOADING', 'WAITING_FOR_HOST', 'CONNECTING_TO_AUDIO', 'CONNECTED', 'CAPTIONING'].includes(status);
}
