/** Route paths of the web client (conversation.md section 2), built in one place. */
export const PATHS = {
  root: '/',
  web: '/web',
  conversations: '/web/conversations',
  conversationPattern: '/web/conversations/:roomId',
  transcriptBase: '/web/transcript',
  signup: '/web/signup',
  /**
   * A room's page. `token`: the link token joining it (from a link or a name look-up): the
   * server admits someone who is not yet a member only with one, and it decides read-only.
   */
  conversation(roomId: string, readonly = false, token?: string): string {
    const query = new URLSearchParams();
    if (readonly) query.set('readonly', 'true');
    if (token) query.set('token', token);
    const text = query.toString();
    return `/web/conversations/${encodeURIComponent(roomId)}${text ? `?${text}` : ''}`;
  },
  transcript(roomId: string): string {
    return `/web/transcript?roomId=${encodeURIComponent(roomId)}`;
  },
} as const;

/** `readonly` query parameter: read-only unless it says true (default false, as the spec says). */
export function isReadonlyParam(value: string | null | undefined): boolean {
  return value === 'true';
}
