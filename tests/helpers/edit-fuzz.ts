/**
 * The convergence fuzz of transcript editing (issue 12), in memory: one room's sequencer (the
 * server's LineEdits, as the room runs it), a live recogniser making partials and finals, and
 * three editors, each a client replica (shared/transcript-edit/replica.ts), doing every kind of
 * mutation. Messages travel in order on each connection (as on a socket) but the connections
 * interleave at random: delays, reorderings between people, resends of the same mutation,
 * dropped connections that come back with a snapshot. At the end everything is delivered, and
 * every replica must hold exactly the server's lines, without ever having needed a repair.
 *
 * Used by tests/unit/shared/transcript-edit/convergence.test.ts (1,000+ seeds) and by
 * `npm run fuzz:edits` (scripts/fuzz-edits.ts) for longer runs.
 */
import type { Transcript } from '../../src/shared/entities';
import type { LineChange } from '../../src/shared/transcript-edit/line-change';
import { type Mutation, mutatorHashOf } from '../../src/shared/transcript-edit/mutation';
import {
  type ReplicaState,
  acknowledged,
  disconnected,
  editOther,
  editText,
  emptyReplica,
  forgetLine,
  lineView,
  nextMutation,
  receiveLine,
  refused,
  snapshotTaken,
} from '../../src/shared/transcript-edit/replica';
import { codePointLength, codePoints, sameLineText } from '../../src/shared/transcript-edit/text-ops';
import { LineEdits } from '../../src/server/rooms/line-edits';
import { Prng } from './fuzz-messages';

type ToClient =
  | { type: 'transcript'; transcript: Transcript; change?: LineChange }
  | { type: 'ack'; mutationId: string }
  | { type: 'error' }
  /** The end of the snapshot a reconnection brings (after it, the client sends again). */
  | { type: 'snapshot-end' };

interface Client {
  name: string;
  hash: string;
  replica: ReplicaState;
  /** What the client last heard of each line (its author, language, finality). */
  heard: Map<string, Transcript>;
  inbox: ToClient[];
  outbox: Mutation[];
  connected: boolean;
  lastSent?: Mutation;
  nextId: number;
}

export interface EditFuzzOptions {
  /** Steps of random activity before everything is delivered. */
  steps?: number;
  /** The server transforms late mutations (false only to show the fuzz fails without it). */
  transform?: boolean;
}

export interface EditFuzzResult {
  seed: number;
  ok: boolean;
  problems: string[];
  stats: {
    lines: number;
    mutationsSent: number;
    applied: number;
    refused: number;
    duplicates: number;
    reconnects: number;
    asrChanges: number;
    repairs: number;
  };
}

const WORDS = [
  'the',
  'meeting',
  'starts',
  'at',
  'nine',
  'Ada',
  'Lovelace',
  'café',
  'naïve',
  '😀',
  'tomorrow',
];
const INSERTS = ['x', 'word ', ' fixed', 'é', '😀', 'Zoë ', ','];
const SPEAKERS = ['speaker-a', 'speaker-b', 'speaker-c'];
const LANGS = ['en-US', 'fr-FR'];

export function runEditFuzz(seed: number, options: EditFuzzOptions = {}): EditFuzzResult {
  const rng = new Prng(seed);
  const steps = options.steps ?? 200;
  const edits = new LineEdits({ transform: options.transform ?? true });
  /** The server's lines: the transcript as stored/being spoken (texts of the recogniser), by id. */
  const lines = new Map<string, Transcript>();
  const order: string[] = [];
  const stats: EditFuzzResult['stats'] = {
    lines: 0,
    mutationsSent: 0,
    applied: 0,
    refused: 0,
    duplicates: 0,
    reconnects: 0,
    asrChanges: 0,
    repairs: 0,
  };
  const clients: Client[] = ['ada', 'bo', 'cy'].map((name) => ({
    name,
    hash: mutatorHashOf(name),
    replica: emptyReplica(),
    heard: new Map(),
    inbox: [],
    outbox: [],
    connected: true,
    nextId: 1,
  }));

  // The recogniser: one utterance at a time, partials growing and revising, then its final.
  let open: { id: string; words: string[]; partials: number } | undefined;
  let lineNo = 0;

  const broadcast = (message: ToClient) => {
    for (const c of clients) if (c.connected) c.inbox.push(message);
  };

  function asrStep(forceFinal = false): void {
    if (!open) {
      open = { id: `line${++lineNo}`, words: [], partials: 0 };
      stats.lines++;
    }
    const o = open;
    const final = forceFinal || (o.partials > 2 && rng.chance(0.25));
    if (!final) {
      if (o.words.length > 0 && rng.chance(0.3)) o.words[o.words.length - 1] = rng.pick(WORDS);
      else o.words.push(rng.pick(WORDS));
      o.partials++;
    } else if (rng.chance(0.3) && o.words.length > 0) {
      // The final often revises the last words.
      o.words[o.words.length - 1] = rng.pick(WORDS);
    }
    // A final of noise: no words at all.
    if (final && rng.chance(0.05)) o.words = [];
    const asrTranscript: Transcript = {
      id: o.id,
      isFinal: final,
      author: 'speaker-a',
      authorShow: 'speaker-a',
      origin: 'asr',
      speechLang: 'en-US',
      texts: { 'en-US': o.words.join(' ') },
      usePaidASR: false,
      index: lineNo,
      timestampMs: lineNo,
      t0: 0,
      trackName: 'mic',
    };
    const known = lines.get(o.id);
    // What people changed about the line (its speaker, language) stays with it.
    if (known) {
      asrTranscript.author = known.author;
      asrTranscript.speechLang = known.speechLang;
      asrTranscript.texts = { [known.speechLang]: o.words.join(' ') };
    } else order.push(o.id);
    const { transcript, change } = edits.asr(asrTranscript);
    if (change) stats.asrChanges++;
    if (final && (transcript.texts[transcript.speechLang] ?? '') === '') {
      // Nothing said, nothing typed: the line goes (as the room drops a final with no words).
      edits.forget(o.id);
      lines.delete(o.id);
      order.splice(order.indexOf(o.id), 1);
      // As the room does: the recogniser's empty final as it came (no version): the line is dropped.
      broadcast({ type: 'transcript', transcript: asrTranscript });
    } else {
      lines.set(o.id, asrTranscript);
      broadcast({ type: 'transcript', transcript, ...(change ? { change } : {}) });
    }
    if (final) open = undefined;
  }

  function serverReceives(client: Client, mutation: Mutation): void {
    const line = lines.get(lineIdOf.get(mutation.id) ?? '');
    if (!line) {
      stats.refused++;
      client.inbox.push({ type: 'error' });
      return;
    }
    if ((mutation.type === 'changeSpeaker' || mutation.type === 'updateField') && !line.isFinal) {
      stats.refused++;
      client.inbox.push({ type: 'error' });
      return;
    }
    const result = edits.apply(line, mutation, client.hash);
    if (!result.ok) {
      stats.refused++;
      client.inbox.push({ type: 'error' });
      return;
    }
    if (result.kind === 'duplicate') stats.duplicates++;
    else stats.applied++;
    if (result.kind === 'text' && result.change) {
      broadcast({ type: 'transcript', transcript: edits.view(line), change: result.change });
    } else if (result.kind === 'line') {
      const changed: Transcript =
        mutation.type === 'changeSpeaker'
          ? { ...line, author: mutation.speakerId, authorShow: mutation.speakerId }
          : mutation.type === 'updateField'
            ? {
                ...line,
                speechLang: mutation.value,
                texts: { [mutation.value]: line.texts[line.speechLang] ?? '' },
              }
            : line;
      lines.set(line.id, changed);
      broadcast({ type: 'transcript', transcript: edits.view(changed) });
    }
    client.inbox.push({ type: 'ack', mutationId: mutation.id });
  }

  /** Which line each mutation id is about (the socket message's transcriptId). */
  const lineIdOf = new Map<string, string>();

  function clientReceives(client: Client, message: ToClient): void {
    if (message.type === 'transcript') {
      const t = message.transcript;
      if (t.isFinal && t.version === undefined && (t.texts[t.speechLang] ?? '') === '') {
        forgetLine(client.replica, t.id);
        client.heard.delete(t.id);
        return;
      }
      client.heard.set(t.id, t);
      receiveLine(client.replica, t, message.change);
    } else if (message.type === 'ack') acknowledged(client.replica, message.mutationId);
    else if (message.type === 'snapshot-end') snapshotTaken(client.replica);
    else refused(client.replica);
  }

  function edit(client: Client): void {
    const ids = [...client.heard.keys()].filter((id) => client.replica.lines[id]);
    if (ids.length === 0) return;
    const lineId = rng.pick(ids);
    const view = lineView(client.replica, lineId)!;
    const length = codePointLength(view.text);
    const heard = client.heard.get(lineId)!;
    const id = `${client.name}-${client.nextId++}`;
    const kind = rng.weighted([
      ['insert', 4],
      ['delete', 3],
      ['replace', 3],
      ['cursor', 2],
      ['changeSpeaker', 1],
      ['updateField', 1],
    ] as const);
    const lang = heard.speechLang;
    switch (kind) {
      case 'insert':
        editText(client.replica, lineId, id, {
          type: 'insert',
          index: rng.int(0, length),
          text: rng.pick(INSERTS),
          lang,
        });
        break;
      case 'delete': {
        if (length === 0) return;
        const index = rng.int(0, length - 1);
        editText(client.replica, lineId, id, {
          type: 'delete',
          index,
          length: rng.int(1, Math.min(4, length - index)),
          lang,
        });
        break;
      }
      case 'replace': {
        // As the editor commits a word: delete it, insert the replacement where it was.
        const points = codePoints(view.text);
        const starts = points
          .map((ch, i) => (ch !== ' ' && (i === 0 || points[i - 1] === ' ') ? i : -1))
          .filter((i) => i >= 0);
        if (starts.length === 0) return;
        const start = rng.pick(starts);
        let end = start;
        while (end < points.length && points[end] !== ' ') end++;
        editText(client.replica, lineId, id, { type: 'delete', index: start, length: end - start, lang });
        editText(client.replica, lineId, `${id}i`, {
          type: 'insert',
          index: start,
          text: rng.pick(WORDS),
          lang,
        });
        break;
      }
      case 'cursor':
        editOther(client.replica, lineId, id, {
          type: 'cursor',
          mutatorHash: client.hash,
          index: rng.int(0, length),
        });
        break;
      case 'changeSpeaker':
        editOther(client.replica, lineId, id, { type: 'changeSpeaker', speakerId: rng.pick(SPEAKERS) });
        break;
      case 'updateField':
        editOther(client.replica, lineId, id, {
          type: 'updateField',
          field: 'speechLang',
          value: rng.pick(LANGS),
        });
        break;
    }
  }

  function pump(client: Client): void {
    if (!client.connected) return;
    const next = nextMutation(client.replica);
    if (!next) return;
    lineIdOf.set(next.mutation.id, next.lineId);
    client.outbox.push(next.mutation);
    client.lastSent = next.mutation;
    stats.mutationsSent++;
  }

  function drop(client: Client): void {
    // Some of what was on the wire arrives before the connection is noticed gone.
    while (client.outbox.length > 0 && rng.chance(0.5)) serverReceives(client, client.outbox.shift()!);
    client.outbox = [];
    client.inbox = [];
    client.connected = false;
    disconnected(client.replica);
    client.lastSent = undefined;
    const hash = client.hash;
    edits.dropCursor(hash);
  }

  function reconnect(client: Client): void {
    client.connected = true;
    stats.reconnects++;
    // The snapshot: every line as it is now (finals and the line being spoken).
    for (const id of Object.keys(client.replica.lines)) if (!lines.has(id)) forgetLine(client.replica, id);
    for (const id of [...client.heard.keys()]) if (!lines.has(id)) client.heard.delete(id);
    for (const id of order) client.inbox.push({ type: 'transcript', transcript: edits.view(lines.get(id)!) });
    client.inbox.push({ type: 'snapshot-end' });
  }

  for (let step = 0; step < steps; step++) {
    const client = rng.pick(clients);
    const action = rng.weighted([
      ['asr', 6],
      ['edit', 6],
      ['pump', 6],
      ['toServer', 8],
      ['toClient', 10],
      ['resend', 1],
      ['drop', 0.6],
      ['reconnect', 2],
    ] as const);
    switch (action) {
      case 'asr':
        asrStep();
        break;
      case 'edit':
        edit(client);
        break;
      case 'pump':
        pump(client);
        break;
      case 'toServer':
        if (client.outbox.length > 0) serverReceives(client, client.outbox.shift()!);
        break;
      case 'toClient':
        if (client.inbox.length > 0) clientReceives(client, client.inbox.shift()!);
        break;
      case 'resend':
        // The same mutation again (a client that was not sure it arrived).
        if (client.connected && client.lastSent) client.outbox.push(client.lastSent);
        break;
      case 'drop':
        if (client.connected) drop(client);
        break;
      case 'reconnect':
        if (!client.connected) reconnect(client);
        break;
    }
  }

  // The speaker stops; everyone comes back; everything is delivered.
  if (open) asrStep(true);
  for (const c of clients) if (!c.connected) reconnect(c);
  for (let round = 0; round < 100_000; round++) {
    let moved = false;
    for (const c of clients) {
      pump(c);
      while (c.outbox.length > 0) {
        serverReceives(c, c.outbox.shift()!);
        moved = true;
      }
    }
    for (const c of clients) {
      while (c.inbox.length > 0) {
        clientReceives(c, c.inbox.shift()!);
        moved = true;
      }
    }
    if (!moved) break;
  }

  const problems: string[] = [];
  for (const c of clients) {
    stats.repairs += c.replica.repairs;
    if (c.replica.repairs > 0)
      problems.push(`${c.name}: ${c.replica.repairs} repair(s): its transform disagreed with the server's`);
    for (const id of order) {
      const server = edits.view(lines.get(id)!);
      const state = {
        version: server.version ?? 0,
        text: server.texts[server.speechLang] ?? '',
        highlighted: server.highlighted ?? [],
      };
      const mine = c.replica.lines[id];
      const view = lineView(c.replica, id);
      if (!mine || !view) {
        problems.push(`${c.name}: has no ${id}`);
        continue;
      }
      if (mine.pending.length > 0)
        problems.push(`${c.name}: ${id} still has ${mine.pending.length} unsent edit(s)`);
      if (!sameLineText(mine.confirmed, state) || !sameLineText(view, state))
        problems.push(`${c.name}: ${id} is ${JSON.stringify(view)}, the server's ${JSON.stringify(state)}`);
      const heard = c.heard.get(id);
      if (heard?.author !== server.author || heard?.speechLang !== server.speechLang)
        problems.push(
          `${c.name}: ${id} is ${heard?.author}/${heard?.speechLang}, the server's ${server.author}/${server.speechLang}`,
        );
    }
    for (const id of Object.keys(c.replica.lines))
      if (!lines.has(id)) problems.push(`${c.name}: still has ${id}, which the server dropped`);
  }
  return { seed, ok: problems.length === 0, problems, stats };
}
