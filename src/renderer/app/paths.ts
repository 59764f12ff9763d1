/** Route paths of the web client (conversation.md section 2), built in one place. */
export const PATHS = {
  root: '/',
  web: '/web',
  conversations: '/web/conversations',
  conversationPattern: '/web/conversations/:roomId',
  transcriptBase: '/web/transcript',
  signup: '/web/signup',
  conversation(roomId: string, readonly = false): string {
    return `/web/conversations/${encodeURIComponent(roomId)}${readonly ? '?readonly=true' : ''}`;
  },
  transcript(roomId: string): string {
    return `/web/transcript?roomId=${encodeURIComponent(roomId)}`;
  },
} as const;

/** `readonly` query parameter: read-only unless it says true (default false, as the spec says). */
export function isReadonlyParam(value: string | null | undefined): boolean {
  return value === 'true';
}
