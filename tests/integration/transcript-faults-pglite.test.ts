/**
 * Fault injection on the embedded database: the transcript repository fails every write for a
 * while in the middle of a conversation of real speech, then recovers. No final may be lost,
 * shown before it is stored, or shown or stored twice.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { TranscriptRepository } from '../../src/server/transcripts/repository';
import { PATIENT_RECOGNITION, outageConversation } from '../helpers/outage-conversation';
import { removeDataDir, startTestServer, type TestServer } from '../helpers/server';

/** The outage's length: HEARKEN_SOAK=1 rides out 30 s, the usual run a shorter one. */
const OUTAGE_MS = process.env.HEARKEN_SOAK === '1' ? 30_000 : 6_000;

/**
 * Wraps the repository's writes: while `down`, they fail as an unreachable database would, and
 * the ids of the finals refused are kept; otherwise they go through to the real database.
 */
class FailingTranscripts {
  down = false;
  readonly failedIds = new Set<string>();
  failures = 0;
  private restore: (() => void) | undefined;

  install(): void {
    const proto = TranscriptRepository.prototype;
    const saveFinal = proto.saveFinal;
    const reserveIndexes = proto.reserveIndexes;
    const refuse = (id?: string) => {
      if (!this.down) return;
      if (id !== undefined) {
        this.failures += 1;
        this.failedIds.add(id);
      }
      throw new Error('injected fault: the database is unreachable');
    };
    proto.saveFinal = async function (this: TranscriptRepository, roomId, t, seq) {
      refuse(t.id);
      return saveFinal.call(this, roomId, t, seq);
    };
    proto.reserveIndexes = async function (this: TranscriptRepository, roomId, upTo) {
      refuse();
      return reserveIndexes.call(this, roomId, upTo);
    };
    this.restore = () => {
      proto.saveFinal = saveFinal;
      proto.reserveIndexes = reserveIndexes;
    };
  }

  uninstall(): void {
    this.restore?.();
  }
}

describe('a transcript outage on PGlite', () => {
  let server: TestServer;
  const fault = new FailingTranscripts();

  beforeAll(async () => {
    fault.install();
    server = await startTestServer({ env: PATIENT_RECOGNITION });
  });

  afterAll(async () => {
    fault.down = false;
    await server?.close();
    fault.uninstall();
    if (server) removeDataDir(server.dataDir);
  });

  it('loses and duplicates no final: broadcast, late joiner and store agree word for word', async () => {
    const result = await outageConversation(
      server,
      {
        start: async () => {
          fault.down = true;
        },
        stop: async () => {
          fault.down = false;
        },
      },
      OUTAGE_MS,
    );
    result.check(fault.failedIds);
  }, 180_000);
});
