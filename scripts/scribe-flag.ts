/**
 * Gives or takes the scribe flag (accounts.md: user flags) of the accounts with an email, in the
 * server's database (the data folder's PGlite, or DATABASE_URL): the way for a server's
 * operators to make someone a Scribe for good. (HEARKEN_SCRIBE_EMAILS does it by configuration.)
 * PGlite is one process's: while a server runs in the data folder this refuses, saying what to
 * do, rather than write to a copy the server overwrites (src/server/db/data-folder-lock.ts).
 *
 *   npm run scribe -- grant ann@example.com
 *   npm run scribe -- revoke ann@example.com
 *   npm run scribe -- list
 */
import { sql } from 'kysely';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/connect';
import { readServerLock } from '../src/server/db/data-folder-lock';

async function main(): Promise<number> {
  const [command, email] = process.argv.slice(2);
  if (!command || !['grant', 'revoke', 'list'].includes(command) || (command !== 'list' && !email)) {
    console.error('usage: npm run scribe -- grant|revoke <email> | list');
    return 2;
  }
  const config = loadConfig();
  const running = config.databaseUrl ? undefined : readServerLock(config.dataDir);
  if (running) {
    console.error(
      [
        `Nothing was changed: the Hearken server${running.url ? ` at ${running.url}` : ''} (pid ${running.pid}) is running on this data folder (${config.dataDir}), and its embedded database takes one process at a time.`,
        'Stop the server (Ctrl+C where `npm start` runs), run this command again, then start the server again.',
        'To change Scribes while the server runs, use PostgreSQL (DATABASE_URL) or HEARKEN_SCRIBE_EMAILS.',
      ].join('\n'),
    );
    return 3;
  }
  const database = await openDatabase({
    dataDir: config.dataDir,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
  });
  try {
    const users = await database.db.selectFrom('users').select(['ava_id', 'emails', 'features']).execute();
    const parse = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
    if (command === 'list') {
      for (const u of users) {
        const features = parse(u.features) as Record<string, boolean>;
        if (features.scribe)
          console.log(`${u.ava_id}\t${Object.values(parse(u.emails) as object).join(', ')}`);
      }
      return 0;
    }
    const wanted = email!.trim().toLowerCase();
    const matching = users.filter((u) =>
      Object.values((parse(u.emails) ?? {}) as Record<string, unknown>).some(
        (e) => typeof e === 'string' && e.trim().toLowerCase() === wanted,
      ),
    );
    if (matching.length === 0) {
      console.error(`no account has the email ${email}: they sign in once first`);
      return 1;
    }
    for (const u of matching) {
      await database.db
        .updateTable('users')
        .set({ features: sql<string>`features || ${JSON.stringify({ scribe: command === 'grant' })}::jsonb` })
        .where('ava_id', '=', u.ava_id)
        .execute();
      console.log(`${command === 'grant' ? 'granted' : 'revoked'} the scribe flag: ${u.ava_id} (${email})`);
    }
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).message);
    process.exit(1);
  },
);
