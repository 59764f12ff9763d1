/**
 * The workspace report on PostgreSQL with a million stored conversation rows (issue 14's
 * reporting benchmark): ROWS usage rows generated in SQL over ORGS organisations of MEMBERS
 * members across a year, then the reporting page's queries (UsageReportRepository.report, the
 * code the page runs) for one organisation over the last 12 weeks and over the whole year.
 * Prints milliseconds (median and p95 of REPEAT) and, last, one JSON object of the figures.
 *
 *   npm run bench:reporting -- [--rows 1000000] [--orgs 200] [--members 50] [--repeat 20]
 *   HEARKEN_TEST_DATABASE_URL=postgres://... (default postgres://postgres@127.0.0.1:5432/test)
 */
import { parseArgs } from 'node:util';
import pg from 'pg';
import { sql } from 'kysely';
import { openDatabase } from '../src/server/db/connect';
import { UsageReportRepository } from '../src/server/reporting/usage-report';
import { randomId } from '../src/shared/ids';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '1000000' },
    orgs: { type: 'string', default: '200' },
    members: { type: 'string', default: '50' },
    repeat: { type: 'string', default: '20' },
  },
});
const ROWS = Number(values.rows);
const ORGS = Number(values.orgs);
const MEMBERS = Number(values.members);
const REPEAT = Number(values.repeat);
const YEAR_MS = 365 * 24 * 3600 * 1000;
const END_MS = Date.parse('2026-11-30T00:00:00Z');

const ADMIN_URL = process.env.HEARKEN_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const database = `hearken_bench_reporting_${randomId(6).toLowerCase()}`;
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

await admin(`create database ${database}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${database}`;
const open = await openDatabase({ databaseUrl: url.toString(), dataDir: 'unused' });
try {
  const started = performance.now();
  // Row i: organisation i % ORGS, member (i / ORGS) % MEMBERS of it, a moment in the year
  // before END_MS, a conversation of up to an hour split between the tiers.
  await sql`
    insert into conversation_usage
      (room_id, ava_id, organization_id, started_at_ms, basic_ms, premium_ms, scribe_ms, words)
    select 'room-' || i, 'org' || (i % ${ORGS}) || '-m' || ((i / ${ORGS}) % ${MEMBERS}), 'org' || (i % ${ORGS}),
           ${END_MS} - ((i * 7919) % ${YEAR_MS / 1000}) * 1000,
           (i * 31) % 3600000, (i * 17) % 1800000, case when i % 10 = 0 then (i * 13) % 600000 else 0 end,
           (i * 7) % 5000
    from generate_series(1::bigint, ${ROWS}::bigint) as s(i)`.execute(open.db);
  await sql`analyze conversation_usage`.execute(open.db);
  const generateSeconds = (performance.now() - started) / 1000;

  const reports = new UsageReportRepository(open.db);
  async function measure(label: string, fromMs: number) {
    const times: number[] = [];
    let report;
    for (let r = 0; r < REPEAT; r++) {
      const org = `org${(r * 37) % ORGS}`;
      const t = performance.now();
      report = await reports.report(org, fromMs, END_MS);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const p95 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]!;
    console.log(
      `${label}: median ${median.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${report!.members.length} members, ${report!.weeks.length} weeks, ${report!.totals.conversations} conversations)`,
    );
    return { medianMs: Number(median.toFixed(1)), p95Ms: Number(p95.toFixed(1)) };
  }
  const twelveWeeks = await measure('one organisation, last 12 weeks', END_MS - 12 * 7 * 24 * 3600 * 1000);
  const year = await measure('one organisation, whole year', END_MS - YEAR_MS);
  console.log(
    JSON.stringify({
      rows: ROWS,
      organizations: ORGS,
      membersPerOrganization: MEMBERS,
      generateSeconds: Number(generateSeconds.toFixed(1)),
      twelveWeeks,
      year,
    }),
  );
} finally {
  await open.close();
  await admin(`drop database if exists ${database} with (force)`);
}
