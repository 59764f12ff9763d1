/**
 * Who hears a voiced reply: its sender always (it plays on their device), and the room's
 * members who asked to hear others' voiced replies in their own room (downAudio). The others
 * receive the same chunks marked with the sender's avaId and a request id of their own, and
 * never an error (the sender's to read, not theirs).
 */
import type { ServerMessageOf } from '../../shared/protocol';
import { type LiveRoom, type RoomMember, shareMessage } from '../rooms';

type Response = ServerMessageOf<'response-text-to-speech'>;

export function forVoicedReplyListeners(
  room: Pick<LiveRoom, 'voicedReplyListeners'>,
  sender: RoomMember,
  sendToSender: (message: Response) => void,
): (message: Response) => void {
  return (message) => {
    sendToSender(message);
    if (message.error) return;
    // Asked again for each chunk: someone who turns it on or leaves mid-reply is honoured.
    // One object for every listener: its text is made once (rooms/fan-out.ts).
    const shared: Response = shareMessage({
      ...message,
      requestId: `${sender.avaId}.${message.requestId}`.slice(0, 128),
      fromAvaId: sender.avaId,
    });
    for (const listener of room.voicedReplyListeners(sender)) listener.send(shared, { droppable: false });
  };
}
