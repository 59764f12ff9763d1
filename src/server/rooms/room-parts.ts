/**
 * The parts of a live room and how they hook into each other (room.ts is what the rest of the
 * server calls). Each part is given only what it needs of the core and of the others; the hooks
 * run once the room is in use, when every part exists, so a part may name one made after it.
 */
import type { ConversationStatus } from '../../shared/entities';
import type { RoomTranscripts } from '../transcripts';
import { CaptureLedger } from './catch-up';
import type { RoomMember, RoomServices, TranscriptStore } from './room-contract';
import { RoomAdmission } from './room-admission';
import { RoomCatchUp } from './room-catch-up';
import { RoomCore } from './room-core';
import { RoomEditing } from './room-editing';
import { RoomGaps } from './room-gaps';
import { PremiumFallback } from './room-premium-fallback';
import { RoomSession } from './room-session';
import { RoomSettings } from './room-settings';
import { RoomSpeakerList } from './room-speakers';
import { RoomStreams } from './room-streams';
import { RoomTranslation } from './room-translation';
import { RoomTyping } from './room-typing';
import type { RoomRecord } from './repository';

export interface RoomParts {
  core: RoomCore;
  admission: RoomAdmission;
  settings: RoomSettings;
  session: RoomSession;
  translation: RoomTranslation;
  speakers: RoomSpeakerList;
  gaps: RoomGaps;
  catchUp: RoomCatchUp;
  premium: PremiumFallback;
  streams: RoomStreams;
  typing: RoomTyping;
  editing: RoomEditing;
}

/** What is the room's own, not a part's: its status as a whole, and whether a phone call is on. */
export interface RoomOwnHooks {
  status(reason: string | undefined, viewer: Pick<RoomMember, 'avaId' | 'readonly'>): ConversationStatus;
  inPhoneCall(): boolean;
}

export function composeRoomParts(
  record: RoomRecord,
  stored: RoomTranscripts,
  services: RoomServices,
  store: TranscriptStore,
  own: RoomOwnHooks,
): RoomParts {
  const core: RoomCore = new RoomCore(record, stored, services, store, {
    status: (reason, viewer) => own.status(reason, viewer),
    personalStatus: (viewer) => speakers.isPersonalTo(viewer.avaId),
    withPendingTranslations: (final) => translation.withPendingTranslations(final),
    translateFinal: (final) => translation.translateFinal(final),
    ending: () => session.dispose(),
    closing: () => {
      admission.hostsGone();
      session.dispose();
      typing.close();
      translation.close();
    },
    stopStreams: () => Promise.all([streams.stopAll(), catchUp.stopAll()]),
    streamsStopped: () => Promise.all([streams.stopped(), catchUp.settled()]),
  });
  const admission = new RoomAdmission(core, core.timers);
  const settings = new RoomSettings(core, services);
  const session = new RoomSession(core, services, {
    recording: () => streams.members(),
    stopByServer: (member, reason) => streams.stopByServer(member, reason),
    inPhoneCall: () => own.inPhoneCall(),
  });
  const translation = new RoomTranslation(core, services.translationEngine);
  const speakers: RoomSpeakerList = new RoomSpeakerList(
    core,
    services,
    (speaker) => store.saveSpeaker(core.id, speaker),
    stored.speakers,
  );
  const gaps = new RoomGaps(core, () => services.now());
  const ledger = new CaptureLedger();
  const premium: PremiumFallback = new PremiumFallback(
    services.premiumMeter,
    {
      trackOf: (member) => streams.trackOf(member),
      restart: (member, track) => streams.restart(member, track),
    },
    core,
  );
  const catchUp = new RoomCatchUp(core, services, {
    openPartials: () => streams.openPartials(),
    gaps,
    ledger,
    premium,
  });
  const streams: RoomStreams = new RoomStreams(core, services, {
    translation,
    speakers,
    gaps,
    premium,
    watchAutoStop: () => session.watchAutoStop(),
    catchUp,
    ledger,
  });
  const typing = new RoomTyping(core, () => services.now(), speakers);
  const editing = new RoomEditing(core, streams, translation, speakers);
  return {
    core,
    admission,
    settings,
    session,
    translation,
    speakers,
    gaps,
    catchUp,
    premium,
    streams,
    typing,
    editing,
  };
}
