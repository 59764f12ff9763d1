/**
 * Translation through the real server: a Spanish reader receives Apertium's translation of an
 * English final (real speech recognised by PocketSphinx, and a typed line), checked against
 * running apertium directly; the stored transcript keeps both texts after a restart; readers
 * of the original get nothing new; a language without a pair is refused with the reason; the
 * hosted engine works through its API against a stand-in; auto-translate is the host's.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join as joinPath } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '../../src/shared/api';
import type { Transcript } from '../../src/shared/entities';
import type { ServerMessage, ServerMessageOf } from '../../src/shared/protocol';
import type { TranslationLanguagesResponse } from '../../src/shared/translation';
import { CaptionClient, createGuest, resolveRoomName } from '../../scripts/lib/socket-client';
import { startLibreTranslateStandIn, type StandIn } from '../helpers/libretranslate-stand-in';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';
import { speak } from '../helpers/speak';
import { CAPTION_TEST_FILE, devSamples } from '../helpers/speech';

function apertiumDirect(pair: string, text: string): string {
  const file = joinPath(mkdtempSync(joinPath(tmpdir(), 'hearken-apertium-')), 'in.txt');
  writeFileSync(file, text);
  // Blanks folded as the server does (a dropped word leaves two).
  return execFileSync('apertium', ['-u', pair, file], { encoding: 'utf8' }).replace(/\s+/g, ' ').trim();
}

const clients: CaptionClient[] = [];

function roomName(client: CaptionClient): string {
  const status = client.received.find((r) => r.message.type === 'room-status')!
    .message as ServerMessageOf<'room-status'>;
  return status.status.name!;
}

async function host(server: TestServer, name = 'Ada Host'): Promise<CaptionClient> {
  const client = await CaptionClient.connect(server.url, { user: await createGuest(server.url, name) });
  clients.push(client);
  return client;
}

async function join(server: TestServer, name: string, of: CaptionClient): Promise<CaptionClient> {
  const user = await createGuest(server.url, name);
  const found = await resolveRoomName(server.url, roomName(of), user);
  const client = await CaptionClient.connect(server.url, { user, roomId: of.roomId, token: found.token });
  clients.push(client);
  return client;
}

async function readIn(client: CaptionClient, lang: string): Promise<void> {
  const mark = client.received.length;
  client.send({ type: 'set-reading-language', lang });
  await client.waitFor((m) => m.type === 'reading-language' && m.lang === lang, 5000, mark);
}

/**
 * Finals that carry their own translation into `lang` (not one of a partial, shown meanwhile:
 * its index covers the whole original), by caption id.
 */
function translatedFinals(client: CaptionClient, lang: string): Map<string, Transcript> {
  const byId = new Map<string, Transcript>();
  for (const { message } of client.received as { message: ServerMessage }[]) {
    const t = message.type === 'transcript' ? message.transcript : undefined;
    if (t?.isFinal && t.texts[lang] !== undefined && t.indexes?.[lang] === t.texts[t.speechLang]?.length)
      byId.set(t.id, t);
  }
  return byId;
}

afterAll(async () => {
  for (const c of clients.splice(0)) await c.close();
});

describe('with Apertium', () => {
  let server: TestServer;
  let dataDir: string;
  beforeAll(async () => {
    server = await startTestServer();
    dataDir = server.dataDir;
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) await c.close();
    await server?.close();
    removeDataDir(dataDir);
  });

  it('lists the reading languages the installed pairs offer from a speech language', async () => {
    const response = await fetch(`${server.url}${API.translationLanguages}?from=en-US`);
    const body = (await response.json()) as TranslationLanguagesResponse;
    expect(body).toMatchObject({
      available: true,
      engine: 'apertium',
      from: 'en-US',
      languages: ['en', 'ca', 'es'],
    });
    const bad = await fetch(`${server.url}${API.translationLanguages}?from=${encodeURIComponent('en US')}`);
    expect(bad.status).toBe(400);
  });

  it('a Spanish reader receives apertium’s translation of English speech and of a typed line; both are stored', async () => {
    const ada = await host(server);
    const bo = await join(server, 'Bo Lector', ada);
    const cy = await join(server, 'Cy Reader', ada);
    await readIn(bo, 'es');
    await readIn(cy, 'en');

    await speak(ada, devSamples(CAPTION_TEST_FILE));
    const mark = ada.received.length;
    ada.send({ type: 'typed-message', text: 'I cannot hear the left side of the room.', lang: 'en-US' });
    await ada.waitFor((m) => m.type === 'transcript' && m.transcript.origin === 'human', 5000, mark);

    // Every final with words comes again with its Spanish text.
    const spoken = ada.received
      .map((r) => r.message)
      .flatMap((m) =>
        m.type === 'transcript' && m.transcript.isFinal && m.transcript.texts['en-US'] ? [m.transcript] : [],
      );
    const ids = [...new Set(spoken.map((t) => t.id))];
    expect(ids.length).toBeGreaterThan(1);
    await bo.waitFor(() => ids.every((id) => translatedFinals(bo, 'es').has(id)), 15_000);
    const translated = translatedFinals(bo, 'es');
    for (const id of ids) {
      const t = translated.get(id)!;
      expect(t.texts.es).toBe(apertiumDirect('eng-spa', t.texts['en-US']!));
      expect(t.indexes).toEqual({ 'en-US': t.texts['en-US']!.length, es: t.texts['en-US']!.length });
    }
    const typed = [...translated.values()].find((t) => t.origin === 'human')!;
    expect(typed.texts.es).toBe('No puedo oír el lado izquierdo de la sala.');

    // Partials were translated too, as the speech went on.
    expect(
      bo.received.some(
        (r) =>
          r.message.type === 'transcript' && !r.message.transcript.isFinal && r.message.transcript.texts.es,
      ),
    ).toBe(true);

    // After a restart the stored transcript has both texts.
    const roomId = ada.roomId;
    const user = ada.user;
    for (const c of clients.splice(0)) await c.close();
    await server.close();
    server = await startTestServer({ dataDir });
    const again = await CaptionClient.connect(server.url, { user, roomId });
    clients.push(again);
    const snapshot = (await again.waitFor(
      (m) => m.type === 'transcripts',
      5000,
    )) as ServerMessageOf<'transcripts'>;
    const stored = new Map(snapshot.transcripts.map((t) => [t.id, t]));
    for (const id of ids) {
      expect(stored.get(id)!.texts).toEqual(translated.get(id)!.texts);
      expect(stored.get(id)!.speechLang).toBe('en-US');
    }
  });

  it('refuses a reading language without a pair, saying so', async () => {
    const ada = await host(server, 'Ada Again');
    ada.send({ type: 'set-reading-language', lang: 'de' });
    const refused = (await ada.waitFor((m) => m.type === 'error', 5000)) as ServerMessageOf<'error'>;
    expect(refused.error).toEqual({
      code: 'translation-unavailable',
      message: 'no installed language pair translates into de',
    });
  });

  it('auto-translate: the guest language is set, only the host toggles, everyone sees whose turn it is', async () => {
    const ada = await host(server, 'Ada Auto');
    const bo = await join(server, 'Bo Guest', ada);
    bo.send({ type: 'auto-translate-set-guest-language', language: 'es' });
    const set = (await ada.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'auto-translate-changed',
      5000,
    )) as ServerMessageOf<'room-status-update'>;
    expect(set.status.autoTranslation).toEqual({
      hostLanguage: 'en-US',
      guestLanguage: 'es',
      active: 'host',
    });

    const mark = bo.received.length;
    bo.send({ type: 'auto-translate-toggle' });
    const refused = (await bo.waitFor((m) => m.type === 'error', 5000, mark)) as ServerMessageOf<'error'>;
    expect(refused.error.code).toBe('forbidden');

    const hostMark = bo.received.length;
    ada.send({ type: 'auto-translate-toggle' });
    const toggled = (await bo.waitFor(
      (m) => m.type === 'room-status-update' && m.reason === 'auto-translate-changed',
      5000,
      hostMark,
    )) as ServerMessageOf<'room-status-update'>;
    expect(toggled.status.autoTranslation?.active).toBe('guest');

    // Auto-translate alone (nobody chose Spanish) translates the host's typed line.
    ada.send({ type: 'typed-message', text: 'Good morning', lang: 'en-US' });
    await bo.waitFor((m) => m.type === 'transcript' && m.transcript.texts.es === 'Buenos días', 10_000);
  });
});

describe('with a hosted service (LibreTranslate API, local stand-in)', () => {
  let standIn: StandIn;
  let server: TestServer;
  beforeAll(async () => {
    standIn = await startLibreTranslateStandIn('k-123');
    server = await startTestServer({
      env: { HEARKEN_TRANSLATION_URL: standIn.url, HEARKEN_TRANSLATION_API_KEY: 'k-123' },
    });
  });
  afterAll(async () => {
    for (const c of clients.splice(0)) await c.close();
    await server?.close();
    removeDataDir(server.dataDir);
    await standIn?.close();
  });

  it('translates finals for a Spanish reader through the service', async () => {
    const languages = (await (
      await fetch(`${server.url}${API.translationLanguages}?from=en-US`)
    ).json()) as TranslationLanguagesResponse;
    expect(languages).toMatchObject({ available: true, languages: ['en', 'es'] });
    expect(languages.engine).toMatch(/^libretranslate:127\.0\.0\.1:/);

    const ada = await host(server);
    const bo = await join(server, 'Bo Lector', ada);
    await readIn(bo, 'es');
    ada.send({ type: 'typed-message', text: 'Hello friends', lang: 'en-US' });
    const t = (await bo.waitFor(
      (m) => m.type === 'transcript' && m.transcript.texts.es !== undefined,
      10_000,
    )) as ServerMessageOf<'transcript'>;
    expect(t.transcript.texts).toEqual({ 'en-US': 'Hello friends', es: 'hola amigos' });
    expect(standIn.requests.at(-1)?.body).toMatchObject({ q: 'Hello friends', api_key: 'k-123' });
  });

  it('says a failed translation and keeps the original', async () => {
    const ada = await host(server, 'Ada Slow');
    const bo = await join(server, 'Bo Lector', ada);
    await readIn(bo, 'es');
    await standIn.close();
    ada.send({ type: 'typed-message', text: 'the cat', lang: 'en-US' });
    const t = (await bo.waitFor(
      (m) => m.type === 'transcript' && m.transcript.translationErrors !== undefined,
      15_000,
    )) as ServerMessageOf<'transcript'>;
    expect(t.transcript.texts).toEqual({ 'en-US': 'the cat' });
    expect(t.transcript.translationErrors?.es).toMatch(/cannot be reached/);
  });
});
