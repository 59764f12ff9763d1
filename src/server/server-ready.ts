/** The IPC message a server started by a supervising launcher (npm start) sends once it listens. */
export const SERVER_READY_MESSAGE = 'hearken-server-ready';

export function isServerReadyMessage(message: unknown): message is { type: string; url: string } {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { type?: unknown }).type === SERVER_READY_MESSAGE &&
    typeof (message as { url?: unknown }).url === 'string'
  );
}
