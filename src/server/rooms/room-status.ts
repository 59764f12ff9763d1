/**
 * A live room's status as one viewer may see it (room-status and room-status-update), from what
 * the core and the parts of room.ts know. Pure: the rules of who sees which invitation are
 * tested without a room.
 */
import type {
  AutoTranslation,
  ConversationStatus,
  Participant,
  RoomTranslationStatus,
  Speaker,
} from '../../shared/entities';
import type { TwilioCall } from '../../shared/phone-calls';
import type { RoomScribe } from '../../shared/scribe/model';
import type { RestrictedSession } from '../../shared/session-limits';
import type { RoomRecord } from './repository';
import type { RoomMember } from './room-contract';

/** Everything a status is made of, as the room knows it now. */
export interface RoomStatusFacts {
  record: RoomRecord;
  /** Public URL the links point at (set by the registry from configuration). */
  publicUrl: string;
  members: Iterable<Pick<RoomMember, 'avaId' | 'userName' | 'role'>>;
  isTyping(avaId: string): boolean;
  speakers: Speaker[];
  audioStreams: ConversationStatus['audioStreams'];
  /** avaIds recording now with a boost list applied (room-streams.ts). */
  boosted?: string[];
  /** None: the room has no translation part (tests); shown as not available. */
  translation?: RoomTranslationStatus;
  autoTranslation: AutoTranslation | undefined;
  restrictedSession: RestrictedSession | undefined;
  scribe: RoomScribe | undefined;
  phoneCalls: TwilioCall[];
}

/**
 * The room's status as `viewer` may see it. Links and the name are invitations: a read-only
 * member sees only the read-only link (a name joins read-write), and when the host forbids
 * sharing only the host sees any. No viewer: the host's view (server-side use only).
 */
export function roomStatus(
  facts: RoomStatusFacts,
  reason?: string,
  viewer?: Pick<RoomMember, 'avaId' | 'readonly'>,
): ConversationStatus {
  const { record } = facts;
  const participants = new Map<string, Participant>();
  for (const m of facts.members)
    participants.set(m.avaId, {
      avaId: m.avaId,
      isTyping: facts.isTyping(m.avaId),
      userName: m.userName,
      ...(m.role === 'scribe' ? { role: 'scribe' as const } : {}),
    });
  const host = !viewer || viewer.avaId === record.hostAvaId;
  const mayShare = host || !record.forbidSharing;
  const ended = record.state === 'ended';
  const links = roomLinks(facts.publicUrl, record);
  return {
    id: record.id,
    ...(record.name && mayShare && !viewer?.readonly && !ended ? { name: record.name } : {}),
    host: { avaId: record.hostAvaId, avaName: record.hostAvaName },
    conversationMode: record.conversationMode,
    title: record.title,
    langs: record.langs,
    links: mayShare ? (viewer?.readonly ? { ro: links.ro } : links) : { ro: '' },
    startTimestampMs: record.startTimestampMs,
    past: ended,
    ...(reason ? { reason } : {}),
    state: { value: record.state },
    speakers: facts.speakers,
    participants: [...participants.values()],
    audioStreams: facts.audioStreams,
    asr: { googleCloud: facts.audioStreams.some((s) => s.usePaidASR) },
    translation: facts.translation ?? { available: false, langs: [] },
    boost: { avaIds: facts.boosted ?? [] },
    admissionRequired: record.admissionRequired,
    ...(record.editingDisabled ? { editingDisabled: true } : {}),
    // The spec's transcriptOwners: the host, then those the host named (update-transcript-owner).
    transcriptOwners: [record.hostAvaId, ...(record.transcriptOwners ?? [])],
    ...(facts.autoTranslation ? { autoTranslation: facts.autoTranslation } : {}),
    confidential: {
      allowTranscriptsSaving: record.allowTranscriptsSaving,
      forbidSharing: record.forbidSharing,
    },
    ...(facts.restrictedSession && !ended ? { restrictedSession: facts.restrictedSession } : {}),
    ...(facts.scribe ? { scribe: facts.scribe } : {}),
    ...(facts.phoneCalls.length > 0
      ? {
          twilioCalls: facts.phoneCalls.map((c) => {
            if (host) return c;
            const { calleeInternationalNumber: _number, ...call } = c;
            return call;
          }),
        }
      : {}),
  };
}

/** The room's invitations: read-only and read-write links to the web app. */
export function roomLinks(publicUrl: string, record: RoomRecord): { ro: string; rw: string } {
  const base = `${publicUrl}/web/conversations`;
  const endpoint = encodeURIComponent(publicUrl);
  return {
    ro: `${base}?token=${record.roToken}&endpoint=${endpoint}`,
    rw: `${base}?token=${record.rwToken}&endpoint=${endpoint}`,
  };
}
