/**
 * The saved-transcripts history measured on the embedded database (PGlite, what `npm start`
 * uses by default): one person with CONVERSATIONS ended conversations of LINES lines each (the
 * reference sentences of the recorded speech, so the words are real), then the calls the history
 * page makes: the first page, a page deep in the list, a search (the first one writes the
 * conversations' search text, later ones only read it), a rename and a host's delete. Prints
 * milliseconds per call (median of REPEAT) and, last, one JSON object of the figures.
 *
 *   npm run bench:history -- [--conversations 500] [--lines 40] [--repeat 20]
 */
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, Migrator } from 'kysely';
import { PGliteDialect } from '../src/server/db/pglite-dialect';
import { migrationProvider } from '../src/server/db/migrations';
import { RoomRepository } from '../src/server/rooms/repository';
import { SavedTranscriptRepository } from '../src/server/history/repository';
import type { Database } from '../src/server/db/schema';
import { TranscriptRepository } from '../src/server/transcripts/repository';
import type { Transcript } from '../src/shared/entities';
import { SAVED_TRANSCRIPTS_PAGE_SIZE, searchTerms } from '../src/shared/saved-transcripts';
import { readTranscripts, speechDir } from './lib/speech-dir';

const { values } = parseArgs({
  options: {
    conversations: { type: 'string', default: '500' },
    lines: { type: 'string', default: '40' },
    repeat: { type: 'string', default: '20' },
  },
});
const CONVERSATIONS = Number(values.conversations);
const LINES = Number(values.lines);
const REPEAT = Number(values.repeat);
const sentences = readTranscripts(`${speechDir()}/dev`).map((i) => i.reference);

const pglite = new PGlite();
await pglite.waitReady;
const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
const migrated = await new Migrator({ db, provider: migrationProvider }).migrateToLatest();
if (migrated.error) throw migrated.error;
const rooms = new RoomRepository(db);
const transcripts = new TranscriptRepository(db);
const saved = new SavedTranscriptRepository(db);
const ME = 'benchhost0000000000a';

const seedStart = performance.now();
for (let c = 0; c < CONVERSATIONS; c++) {
  const id = `${ME}_room${c}`;
  await rooms.create({
    id,
    name: null,
    hostAvaId: ME,
    hostAvaName: 'Bench',
    title: `Conversation ${c}`,
    langs: ['en-US'],
    conversationMode: 'public',
    startTimestampMs: 1_700_000_000_000 + c * 60_000,
    state: 'ongoing',
    endedAtMs: null,
    roToken: `${id}-ro`,
    rwToken: `${id}-rw`,
    forbidSharing: false,
    allowTranscriptsSaving: true,
    admissionRequired: false,
  });
  for (let l = 0; l < LINES; l++) {
    const line: Transcript = {
      id: `${id}-l${l}`,
      isFinal: true,
      author: ME,
      authorShow: 'Bench',
      origin: 'asr',
      speechLang: 'en-US',
      texts: { 'en-US': sentences[(c * LINES + l) % sentences.length]! },
      asr: { final: true, timeReceivedMs: 1, engine: 'bench' },
      usePaidASR: false,
      index: l,
      timestampMs: l * 1000,
      t0: 0,
      trackName: 'mic',
    };
    await transcripts.saveFinal(id, line, l + 1);
  }
  await rooms.update(id, { state: 'ended', endedAtMs: 1_700_000_000_000 + c * 60_000 + 30_000 });
  await saved.save(ME, id, Date.now());
}
const seedMs = performance.now() - seedStart;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}
async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < REPEAT; i++) times.push(await timed(run));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}
const page = { limit: SAVED_TRANSCRIPTS_PAGE_SIZE + 1 };
const deepBefore = 1_700_000_000_000 + Math.floor(CONVERSATIONS / 10) * 60_000;
// A word that is in some sentences but not all, so a search has to look at every conversation.
const terms = searchTerms('anxiety')!;

const figures = {
  conversations: CONVERSATIONS,
  linesEach: LINES,
  seedSeconds: Math.round(seedMs / 100) / 10,
  firstPageMs: await median(() => saved.list(ME, page)),
  deepPageMs: await median(() => saved.list(ME, { ...page, before: deepBefore })),
  firstSearchWithIndexingMs: await timed(async () => {
    await saved.indexForSearch(ME);
    await saved.list(ME, { ...page, terms });
  }),
  searchMs: await median(async () => {
    await saved.indexForSearch(ME);
    await saved.list(ME, { ...page, terms });
  }),
  searchHits: (await saved.list(ME, { limit: CONVERSATIONS, terms })).length,
  renameMs: await median(() => saved.rename(ME, `${ME}_room1`, 'Renamed')),
  hostDeleteMs: await timed(() => saved.remove(ME, `${ME}_room2`)),
};
for (const [name, value] of Object.entries(figures)) {
  console.log(
    `${name.padEnd(28)} ${typeof value === 'number' && !Number.isInteger(value) ? value.toFixed(1) : value}`,
  );
}
console.log(JSON.stringify(figures));
await db.destroy();
