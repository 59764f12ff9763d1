/**
 * A room's transcript routes and its shared links as described routes (http/route.ts): the
 * export keeps its own refusal ('invalid-export') before any link is opened, a shared link's
 * answer is what its response schema says, and the OpenAPI document shows the files they answer.
 */
import { ExportGate } from '../../../../src/server/transcripts/export-gate';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { API } from '../../../../src/shared/api';
import type { ConversationStatus } from '../../../../src/shared/entities';
import { conversationStatusSchema, transcriptsSchema } from '../../../../src/shared/entity-schemas';
import { RECAP_API, sharedTranscriptResponseSchema } from '../../../../src/shared/recap/api';
import { registerErrorHandler } from '../../../../src/server/http/errors';
import { registerOpenApi } from '../../../../src/server/http/openapi';
import { registerTranscriptExportRoute } from '../../../../src/server/transcripts/export-route';
import {
  type ShareLinkRouteDeps,
  registerShareLinkRoutes,
} from '../../../../src/server/transcripts/share-link-routes';
import type { RoomRegistry } from '../../../../src/server/rooms/registry';
import { roomRecord } from '../../../helpers/room-record';
import { gap, spoken, typed } from '../../../helpers/transcript-fixture';

let app: FastifyInstance;

const lines = [
  spoken('host1', 'Ada', 1000, 'Good morning everyone'),
  typed('guest1', 'Bo', 4000, 'Hello!'),
  gap('host1', 'Ada', 5000, 9000),
];

const status: ConversationStatus = {
  id: 'host1_room',
  host: { avaId: 'host1', avaName: 'Ada' },
  conversationMode: 'public',
  title: 'Standup',
  langs: ['en-US'],
  links: { ro: '?token=ro' },
  startTimestampMs: 0,
  past: true,
  state: { value: 'ended' },
  speakers: [{ avaId: 'host1', avaName: 'Ada', userName: 'Ada' }],
  participants: [],
  audioStreams: [],
  confidential: { allowTranscriptsSaving: true, forbidSharing: false },
};

/** A shared link to an ended room, whose room answers the fixtures above. */
const sharedDeps = {
  rooms: {
    findByToken: async () => ({ room: roomRecord({ state: 'ended', endedAtMs: 1 }), readonly: true }),
  },
  reports: { isShared: async () => true },
  registry: { find: async () => ({ status: () => status, transcripts: () => lines }) },
  now: () => 0,
  exports: new ExportGate(),
} as unknown as ShareLinkRouteDeps;

async function transcriptApp(): Promise<FastifyInstance> {
  app = Fastify();
  registerErrorHandler(app);
  await registerOpenApi(app, 'test');
  registerTranscriptExportRoute(app, {
    registry: sharedDeps.registry as RoomRegistry,
    exports: sharedDeps.exports,
  });
  registerShareLinkRoutes(app, sharedDeps);
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
});

describe('the transcript routes', () => {
  it('describe the room status and lines the server answers', () => {
    expect(conversationStatusSchema.check(status).ok).toBe(true);
    expect(transcriptsSchema.check(lines).ok).toBe(true);
  });

  it('answer a shared link with what its response schema says', async () => {
    await transcriptApp();
    const response = await app.inject({ method: 'GET', url: RECAP_API.sharedTranscript('ro') });
    expect(response.statusCode).toBe(200);
    expect(sharedTranscriptResponseSchema.check(response.json())).toEqual({
      ok: true,
      value: response.json(),
    });
  });

  it('keep the export’s own refusal of a format, a time zone or a language', async () => {
    await transcriptApp();
    const queries: Record<string, string>[] = [
      { format: 'exe' },
      { format: 'txt', timeZone: 'Mars/Olympus' },
      { format: 'md', lang: '1' },
    ];
    for (const query of queries) {
      const response = await app.inject({
        method: 'GET',
        url: RECAP_API.sharedTranscriptExport('ro', query),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('invalid-export');
    }
  });

  it('are in the OpenAPI document, the exports as files', async () => {
    await transcriptApp();
    const document = (await app.inject({ method: 'GET', url: API.openapi })).json();
    const exported = document.paths['/api/v1/rooms/{roomId}/transcripts/export'].get;
    expect(exported.responses['200'].content['text/vtt'].schema).toEqual({
      type: 'string',
      format: 'binary',
    });
    expect(document.paths['/api/v1/rooms/{roomId}/transcripts'].get.tags).toEqual(['transcripts']);
    expect(
      document.paths['/api/v1/shared-transcripts/{token}/export'].get.parameters.map(
        (p: { name: string }) => p.name,
      ),
    ).toContain('format');
  });
});
