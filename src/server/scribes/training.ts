/**
 * Scribe training (conversation.md: Scribe training item): practice rooms that play a
 * recording with a known reference through the real recogniser, for a Scribe to correct live.
 * The practice room is an ordinary room hosted by the Scribe; the recording is a member of it
 * ("Recording") that speaks the item's audio in real time. Its accuracy is measured on the
 * room's transcript lines as they are now, which carry the Scribe's corrections, against the
 * reference; the recogniser's own first finals are kept to count the errors the Scribe fixed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHUNK_LENGTH_MS, SAMPLE_RATE_HZ } from '../../shared/constants';
import { makeRoomId } from '../../shared/ids';
import { SCRIBE_API, type ScribeTrainingItem, type ScribeTrainingScore } from '../../shared/scribe/api';
import { editCounts, normalizeWords } from '../../shared/wer';
import { parseWav, toMono } from '../../shared/wav';
import type { LiveRoom, RoomMember, RoomRegistry } from '../rooms';

export interface TrainingItemFile extends ScribeTrainingItem {
  reference: string;
  wavPath: string;
}

/** The shipped items (resources/scribe-training/items.json). */
export function loadTrainingItems(dir: string): TrainingItemFile[] {
  const index = join(dir, 'items.json');
  if (!existsSync(index)) return [];
  const entries = JSON.parse(readFileSync(index, 'utf8')) as {
    name: string;
    displayName: string;
    language: 'en-US' | 'fr-FR';
    reference: string;
  }[];
  return entries
    .filter((e) => existsSync(join(dir, `${e.name}.wav`)))
    .map((e) => ({
      name: e.name,
      displayName: e.displayName,
      language: e.language,
      url: SCRIBE_API.trainingAudio(e.name),
      reference: e.reference,
      wavPath: join(dir, `${e.name}.wav`),
    }));
}

/** How the Scribe did: the room's lines now and the recogniser's first finals, against the reference. */
export function trainingScore(
  reference: string,
  asrText: string,
  correctedText: string,
  finished: boolean,
): ScribeTrainingScore {
  const ref = normalizeWords(reference);
  const asr = editCounts(ref, normalizeWords(asrText));
  const now = editCounts(ref, normalizeWords(correctedText));
  const errors = (c: typeof asr) => c.substitutions + c.deletions + c.insertions;
  const words = Math.max(1, ref.length);
  return {
    wer: errors(now) / words,
    asrWer: errors(asr) / words,
    asrErrors: errors(asr),
    errorsLeft: errors(now),
    errorsFixed: Math.max(0, errors(asr) - errors(now)),
    referenceWords: ref.length,
    finished,
  };
}

/** Silence before the recording starts: time for the Scribe's page to open and start playing it. */
export const TRAINING_LEAD_MS = 2_000;

interface Session {
  item: TrainingItemFile;
  room: LiveRoom;
  /** The recogniser's first final of each line, by id (before any correction). */
  asrFinals: Map<string, { index: number; text: string }>;
  finished: boolean;
  stop(): void;
}

export class ScribeTraining {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly items: TrainingItemFile[],
    private readonly registry: Pick<RoomRegistry, 'open'>,
    private readonly log: (level: 'info' | 'warn' | 'error', message: string, extra?: object) => void,
  ) {}

  list(): ScribeTrainingItem[] {
    return this.items.map(({ name, displayName, url, language }) => ({ name, displayName, url, language }));
  }

  item(name: string): TrainingItemFile | undefined {
    return this.items.find((i) => i.name === name);
  }

  /** Opens a practice room hosted by the Scribe and plays the item's recording into it. */
  async start(
    name: string,
    scribe: { avaId: string; userName: string },
  ): Promise<{ roomId: string } | undefined> {
    const item = this.item(name);
    if (!item) return undefined;
    const roomId = makeRoomId(scribe.avaId);
    const room = await this.registry.open(roomId, { avaId: scribe.avaId, userName: scribe.userName });
    const samples = toMono(parseWav(new Uint8Array(readFileSync(item.wavPath))));
    const asrFinals = new Map<string, { index: number; text: string }>();
    const voice: RoomMember = {
      avaId: `recording-${item.name}`.slice(0, 64),
      userName: 'Recording',
      role: 'participant',
      readonly: false,
      usePaidASR: false,
      // The recording hears what the room sends: the first final of each line is the recogniser's own.
      send: (message) => {
        if (message.type !== 'transcript' || !message.transcript.isFinal) return;
        const t = message.transcript;
        const text = t.texts[t.speechLang] ?? '';
        if (!asrFinals.has(t.id) && t.asr && text) asrFinals.set(t.id, { index: t.index, text });
      },
    };
    room.join(voice);
    const chunk = (SAMPLE_RATE_HZ * CHUNK_LENGTH_MS) / 1000;
    let at = 0;
    let timer: ReturnType<typeof setInterval> | undefined;
    const session: Session = {
      item,
      room,
      asrFinals,
      finished: false,
      stop: () => {
        if (timer) clearInterval(timer);
        timer = undefined;
      },
    };
    this.sessions.set(roomId, session);
    const begin = setTimeout(() => {
      try {
        room.startAudio(voice, item.language);
      } catch (error) {
        this.log('warn', 'a practice room could not start its recording', {
          roomId,
          error: (error as Error).message,
        });
        return;
      }
      // In real time, as a microphone would: the Scribe hears it at the same pace.
      timer = setInterval(() => {
        if (room.state !== 'ongoing') {
          session.stop();
          return;
        }
        if (at >= samples.length) {
          session.stop();
          void room.stopAudio(voice).then(() => {
            session.finished = true;
          });
          return;
        }
        room.audio(voice, samples.subarray(at, at + chunk));
        at += chunk;
      }, CHUNK_LENGTH_MS);
    }, TRAINING_LEAD_MS);
    begin.unref();
    return { roomId };
  }

  /** The Scribe's accuracy in one of their practice rooms, or undefined if it is not one. */
  score(roomId: string): ScribeTrainingScore | undefined {
    const session = this.sessions.get(roomId);
    if (!session) return undefined;
    const lines = session.room
      .transcripts()
      .filter((t) => !t.gap)
      .sort((a, b) => a.index - b.index);
    const corrected = lines.map((t) => t.texts[t.speechLang] ?? '').join(' ');
    const asr = [...session.asrFinals.values()]
      .sort((a, b) => a.index - b.index)
      .map((f) => f.text)
      .join(' ');
    return trainingScore(session.item.reference, asr, corrected, session.finished);
  }

  close(): void {
    for (const session of this.sessions.values()) session.stop();
    this.sessions.clear();
  }
}
