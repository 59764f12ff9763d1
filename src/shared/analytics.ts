/**
 * The spec's analytics events (conversation.md: "Analytics events: Had Conversation, Rated,
 * Signed Out, Application Opened/Closed, Microphone Permission Prompted"; accounts.md adds the
 * sign-in ones). They are client log entries with this tag and the event's name as their
 * message, so the server logs and stores them under these names.
 */
export const ANALYTICS_TAG = 'analytics';

export const ANALYTICS_EVENTS = {
  hadConversation: 'Had Conversation',
  rated: 'Rated',
  signedIn: 'Signed In',
  signedUp: 'Signed Up',
  signedOut: 'Signed Out',
  applicationOpened: 'Application Opened',
  applicationClosed: 'Application Closed',
  microphonePermissionPrompted: 'Microphone Permission Prompted',
} as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[keyof typeof ANALYTICS_EVENTS];

const NAMES = new Set<string>(Object.values(ANALYTICS_EVENTS));

export function isAnalyticsEvent(name: string): name is AnalyticsEvent {
  return NAMES.has(name);
}

/** The tag client errors (window.onerror, unhandled rejections, the crash page) are sent with. */
export const CLIENT_ERROR_TAG = 'client-error';
