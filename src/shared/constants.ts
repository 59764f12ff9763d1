/**
 * Business constants and limits of the specification (conversation.md section 9,
 * accounts.md section 9), in one place so client, server and tests read the same numbers.
 */

/** Audio capture: 16 kHz mono, 60 ms chunks of little-endian Int16 PCM. */
export const SAMPLE_RATE_HZ = 16_000;
export const CHUNK_LENGTH_MS = 60;
export const CHUNK_SAMPLES = (SAMPLE_RATE_HZ * CHUNK_LENGTH_MS) / 1000; // 960
export const BYTES_PER_SAMPLE = 2;
export const CHUNK_BYTES = CHUNK_SAMPLES * BYTES_PER_SAMPLE; // 1920

/** Audio frames larger than one second are refused: no honest client sends them. */
export const MAX_AUDIO_FRAME_BYTES = SAMPLE_RATE_HZ * BYTES_PER_SAMPLE;
/** JSON messages larger than this are refused before parsing. */
export const MAX_TEXT_MESSAGE_BYTES = 64 * 1024;
/**
 * Flood limits per connection, in a sliding one-second window. Real time is ~17 frames/s;
 * the headroom lets a client catch up after a network stall, not stream faster than 4x.
 */
export const MAX_AUDIO_FRAMES_PER_SECOND = 70;
/** The fastest a client may send audio, in multiples of real time (tools that replay files). */
export const MAX_AUDIO_SPEED = 4;
export const MAX_AUDIO_BYTES_PER_SECOND = SAMPLE_RATE_HZ * BYTES_PER_SAMPLE * MAX_AUDIO_SPEED;
/**
 * Audio a client keeps while its connection is down, to send once it is back (held audio,
 * captioned late): five minutes of 60 ms chunks, 9.6 MB of Int16. Older audio is dropped, and
 * the room marks that span as lost.
 */
export const HELD_AUDIO_MAX_MS = 5 * 60_000;
export const HELD_AUDIO_MAX_CHUNKS = HELD_AUDIO_MAX_MS / CHUNK_LENGTH_MS;
/**
 * How fast held audio is sent, in multiples of real time: under MAX_AUDIO_SPEED (the live audio
 * waits meanwhile, so the two never add up past it), with room for the byte limit's rounding.
 */
export const HELD_AUDIO_SEND_SPEED = 3;
export const MAX_TEXT_MESSAGES_PER_SECOND = 50;

/**
 * Volume meter and silence detection (client side). The spec's auto stop timer (100000 ms) is
 * shared/session-limits.ts AUTO_STOP_AFTER_MS, its one home (docs/constants.md).
 */
export const VOLUME_SAMPLE_INTERVAL_MS = 250;
export const VOLUME_CHANGE_THRESHOLD = 1;
export const VOLUME_SILENCE_TIMEOUT_MS = 5000;

/** Realtime socket timing. */
export const PING_INTERVAL_MS = 5000;
export const PONG_TIMEOUT_MS = 3000;
export const RECONNECT_MIN_INTERVAL_MS = 5000;
export const REUSED_URL_VALID_MS = 25_000;
export const SOCKET_STATUS_CHECK_MS = 1000;
/** Batched socket actions flush every 250 ms. */
export const SOCKET_BATCH_FLUSH_MS = 250;
/** Server side: a connection that has not pinged for this long is presumed dead. */
export const SERVER_IDLE_TIMEOUT_MS = PING_INTERVAL_MS * 3;

/** Spec "Throttle default 200": partial captions are sent to a client at most this often. */
export const PARTIAL_THROTTLE_MS = 200;

/**
 * Someone joining gets only the room's latest finals, so a long conversation does not make every
 * join (and every reconnection) a flood; older ones come a page at a time on request.
 */
export const TRANSCRIPT_SNAPSHOT_SIZE = 200;
/** The most finals one `transcripts-since` or `transcripts-before` answer holds. */
export const TRANSCRIPT_PAGE_MAX = 200;
/**
 * About the most text (characters, translations included) one such answer holds: fewer finals
 * when lines are long, so an answer's cost is bounded whatever the lines (at least one final).
 */
export const TRANSCRIPT_PAGE_MAX_CHARS = 100_000;

/** Captions font size range, in CSS pixels. */
export const FONT_SIZE_MIN_PX = 13;
export const FONT_SIZE_MAX_PX = 60;
export const FONT_SIZE_DEFAULT_PX = 24;

/** Room names are short public identifiers: at least 3 characters. */
export const ROOM_NAME_MIN_LENGTH = 3;
export const ROOM_NAME_MAX_LENGTH = 32;

/** Display names: 2 to 49 characters after trimming. */
export const DISPLAY_NAME_MIN_LENGTH = 2;
export const DISPLAY_NAME_MAX_LENGTH = 49;

export const ROOM_TITLE_MAX_LENGTH = 200;

/** Conversation limits per tier. */
export const BASIC_CONVERSATION_LIMIT_MS = 40 * 60 * 1000;
export const PREMIUM_CONVERSATION_LIMIT_MS = 2 * 60 * 60 * 1000;

/** Joining: a 'self' error resets after 1 s. */
export const SELF_JOIN_ERROR_RESET_MS = 1000;

/** End sequence guard. */
export const END_SEQUENCE_GUARD_MS = 30_000;

/** Sidebar opens at widths of 768 px or more (the mobile threshold). */
export const MOBILE_BREAKPOINT_PX = 768;

export const SNACKBAR_MAX = 3;
export const SNACKBAR_HIDE_MS = 5000;
export const SNACKBAR_ERROR_HIDE_MS = 10_000;

/** Interface languages. */
export const UI_LANGUAGES = ['en', 'fr'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

/** Speech languages served by the engines this build ships. */
export const DEFAULT_SPEECH_LANG = 'en-US';

export const WEB_APP_VERSION_TAG = 'v1.9.1';

/** Local storage keys named by the spec. */
export const STORAGE_KEYS = {
  avaId: 'avaId',
  /** The guest credential kept beside the avaId (it proves the avaId; the avaId alone does not). */
  guestCredential: 'hearkenGuestCredential',
  selectedMicId: 'selectedMicId',
  includeExternalAudio: 'includeExternalAudio',
  avaBackendUrl: 'avaBackendUrl',
  /** The deep link (branch/{branchUrlId}) a person arrived through. */
  viaBranch: 'via_branch',
  /** Hearken additions, kept next to the spec's so there is one list. */
  userName: 'hearkenUserName',
  fontSize: 'hearkenFontSize',
  language: 'hearkenLanguage',
  /** Web client: light or dark theme of the interface and captions. */
  theme: 'hearkenTheme',
  /** Web client: the language the user speaks, sent in connection-params and audio metadata. */
  speechLang: 'hearkenSpeechLang',
  /** Web client: typed replies are also spoken aloud (the composer's "Speak aloud"). */
  speakAloud: 'hearkenSpeakAloud',
  /** Web client: the voice chosen on this device (guests keep theirs here). */
  ttsVoice: 'hearkenTtsVoice',
  /** Web client: others' voiced replies are played on this device too (downAudio). */
  playVoicedReplies: 'hearkenPlayVoicedReplies',
  /** Web client: the reader's curse filter level (shared/curse-filter.ts). */
  curseFilter: 'hearkenCurseFilter',
  /** Web client: names, numbers and rare words in bold in captions (opt-in). */
  keywordEmphasis: 'hearkenKeywordEmphasis',
} as const;

/** Accounts (accounts.md sections 4, 7 and 9). */
/** The loading screen logs a timeout and resets after this long. */
export const LOADING_TIMEOUT_MS = 60_000;
/** The caption font size is saved to the server this long after the last change. */
export const FONT_SIZE_SAVE_DEBOUNCE_MS = 2000;
/** A sign-in this close to now (and not a sign-up) counts as a sign-in, for tracking. */
export const SIGN_IN_DETECTION_WINDOW_MS = 60_000;
export const REMOTE_CONFIG_REFRESH_MS = 60 * 60 * 1000;
/** The identity token is fetched again only once it is this old. */
export const TOKEN_REFETCH_MS = 3_000_000;
export const PASSWORD_MIN_LENGTH = 6;
export const PHONE_CODE_LENGTH = 6;
/** International codes accepted for phone sign-in. */
export const PHONE_PREFIXES = ['+1', '+33', '+32', '+31', '+55'] as const;
export type PhonePrefix = (typeof PHONE_PREFIXES)[number];
export const HEARING_PROFILE_MIN = 0;
export const HEARING_PROFILE_MAX = 4;
/** Server answer (with status 400) to GET users/me for a signed-in person without a profile yet. */
export const USER_NOT_FOUND_CUSTOM_CODE = 104;
/**
 * The product's own domain: an `endpoint` query parameter switches the backend only to a host
 * in it (accounts.md section 2), so a link cannot send someone's token to another server.
 */
export const PRODUCT_DOMAIN = 'hearken.app';

/**
 * A typed reply's length (the spec's keyboard message has a character limit, 'Character limit
 * has been reached', without its number): a spoken turn of about a minute, short enough to be
 * voiced at once.
 */
export const KEYBOARD_MESSAGE_MAX_LENGTH = 500;
/** While composing, `signal-i-am-typing` is sent at most this often. */
export const TYPING_SIGNAL_INTERVAL_MS = 1000;

/**
 * Partial captions are translated at most this often per caption (the spec's translation delay
 * node, default 0.5 s); finals always are.
 */
export const TRANSLATION_DELAY_MS = 500;
/** Auto-translate's toggle shows a spinner until the room says who is active, at most this long. */
export const AUTO_TRANSLATE_TOGGLE_SPINNER_MS = 5000;

/** The longest `mbackend` content the server takes (a note for its log, not a transcript). */
export const MBACKEND_CONTENT_MAX_LENGTH = 2000;
