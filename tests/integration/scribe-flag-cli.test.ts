/**
 * `npm run scribe -- grant|revoke|list <email>` (scripts/scribe-flag.ts): the operators' way to
 * give the scribe flag for good, in the real database (PGlite in a data folder), run as a person
 * runs it (a separate process).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connect';
import { UserRepository } from '../../src/server/accounts/users-repository';
import type { UserProfile } from '../../src/shared/user';
import { removeDataDir, startTestServer, tempDataDir } from '../helpers/server';
import { seedDatabase } from '../helpers/database-template';

const run = promisify(execFile);
const dataDir = tempDataDir();
// The run's migrated database, as a server that ran in this folder would have left it.
seedDatabase(dataDir);

afterAll(() => removeDataDir(dataDir));

async function scribeFlag(...args: string[]) {
  return scribeFlagIn(dataDir, ...args);
}

async function scribeFlagIn(folder: string, ...args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/scribe-flag.ts', ...args], {
    env: { ...process.env, HEARKEN_DATA_DIR: folder, HEARKEN_LOG_LEVEL: 'silent', DATABASE_URL: '' },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

async function features(avaId: string, folder = dataDir) {
  const database = await openDatabase({ dataDir: folder });
  try {
    return (await new UserRepository(database.db).find(avaId))?.features;
  } finally {
    await database.close();
  }
}

function annProfile(): UserProfile {
  return {
    avaId: 'annAvaId0001',
    avaName: 'Ann',
    userName: 'Ann',
    accountType: 'Standard',
    emails: { password: 'Ann@Example.com' },
    convoMetrics: { total_conversations: 0 },
    firebaseAuthUID: 'uid-ann',
    features: { 'convo-v2': true },
    subscription: { ongoingSubscription: 'Free' },
    scribeRemainingTime: 0,
    paidASRCreditTime: 0,
    settings: {},
    inviteMetrics: {},
    joinMetrics: {},
    createdAtMs: 1,
  };
}

describe('npm run scribe', () => {
  it('grants, lists and revokes the flag of the account with an email; says when none has it', async () => {
    const database = await openDatabase({ dataDir });
    await new UserRepository(database.db).create(annProfile(), 1);
    await database.close();

    const granted = await scribeFlag('grant', 'ann@example.com');
    expect(granted.code).toBe(0);
    expect(granted.out).toContain('granted the scribe flag: annAvaId0001');
    // Other flags are kept.
    expect(await features('annAvaId0001')).toEqual({ 'convo-v2': true, scribe: true });
    expect((await scribeFlag('list')).out).toContain('annAvaId0001');

    expect((await scribeFlag('revoke', 'ann@example.com')).code).toBe(0);
    expect((await features('annAvaId0001'))?.scribe).toBe(false);

    const nobody = await scribeFlag('grant', 'bob@example.com');
    expect(nobody.code).toBe(1);
    expect(nobody.out).toContain('no account has the email bob@example.com');
    expect((await scribeFlag('frobnicate')).code).toBe(2);
  }, 120_000);

  it('refuses while a server runs on the data folder, saying what to do; works once it stopped', async () => {
    // Issue 30: it printed "granted" and the running server's embedded database lost the grant.
    const folder = tempDataDir();
    try {
      const server = await startTestServer({ dataDir: folder });
      let stopped = false;
      try {
        await new UserRepository(server.database.db).create(annProfile(), 1);
        const refused = await scribeFlagIn(folder, 'grant', 'ann@example.com');
        expect(refused.code).toBe(3);
        expect(refused.out).not.toContain('granted');
        expect(refused.out).toContain('Nothing was changed');
        expect(refused.out).toContain(`pid ${process.pid}`);
        expect(refused.out).toContain('Stop the server');
        expect((await new UserRepository(server.database.db).find('annAvaId0001'))?.features.scribe).toBe(
          undefined,
        );
        await server.close();
        stopped = true;
      } finally {
        if (!stopped) await server.close();
      }
      const granted = await scribeFlagIn(folder, 'grant', 'ann@example.com');
      expect(granted.code).toBe(0);
      expect(await features('annAvaId0001', folder)).toEqual({ 'convo-v2': true, scribe: true });
    } finally {
      removeDataDir(folder);
    }
  }, 180_000);
});
