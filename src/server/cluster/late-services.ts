/**
 * The services that start after the hooks asking them are registered (app.ts): the access table
 * and cluster forwarding come before any route, the phone calls, meeting bots and Scribe desk
 * only once the rooms exist (they need them). The hooks read them when a request comes; before
 * they started, nothing is theirs and the answer is "not here".
 */
import type { MeetingBotService } from '../meeting-bot';
import type { PhoneCallService } from '../phone-calls';
import type { RegistryOptions } from '../rooms';
import type { ScribeDesk } from '../scribes';
import type { RoomLookups } from './forwarding';
import type { OwnerWork } from './owner-work';
import type { ClusterNode } from './node';

export interface LateServices {
  phoneCalls?: Pick<PhoneCallService, 'calls' | 'relayedMedia'>;
  meetingBots?: Pick<MeetingBotService, 'bots' | 'relayedAudio'>;
  scribes?: Pick<ScribeDesk, 'roomOfRequest' | 'roomOfChat' | 'standingOf'>;
}

/** What this node does for work another node forwards to it, as its room's owner. */
export function ownerWorkOf(late: LateServices): Omit<OwnerWork, 'inject'> {
  return {
    providerSocket: (kind, socket, handshake) =>
      (kind === 'phone-media'
        ? late.phoneCalls?.relayedMedia(socket, handshake)
        : late.meetingBots?.relayedAudio(socket, handshake)) ?? false,
    callRoom: (sid) => late.phoneCalls?.calls?.roomOf(sid),
  };
}

/** A Scribe request's room is stored (scribes/desk.ts): its owner runs the change. */
export function roomLookupsOf(late: LateServices): RoomLookups {
  return {
    scribeRequestRoom: async (requestId) => late.scribes?.roomOfRequest(requestId),
    scribeChatRoom: async (scribe, requester) => late.scribes?.roomOfChat(scribe, requester),
  };
}

/**
 * The registry in cluster mode: a read of a room this node does not own is never answered from
 * a kept copy; and a room's phone call and meeting bot come with it when this node takes it.
 */
export function registryInCluster(
  cluster: Pick<ClusterNode, 'leases'>,
  late: LateServices,
): Pick<RegistryOptions, 'owns' | 'taken'> {
  return {
    owns: (roomId) => cluster.leases.tokenOf(roomId) !== undefined,
    taken: (room) => {
      void late.phoneCalls?.calls?.adopt(room);
      void late.meetingBots?.bots.adopt(room);
    },
  };
}
