/**
 * Writes the authorisation table (src/server/auth/access.ts) into docs/security.md, between
 * its markers. The table in code is the one source; a unit test fails when the doc lags.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { renderAccessTable } from '../src/server/auth/access';
import { ACCESS_TABLE_END, ACCESS_TABLE_START, replaceAccessTable } from './lib/access-doc';

const path = new URL('../docs/security.md', import.meta.url);
const before = readFileSync(path, 'utf8');
const after = replaceAccessTable(before, renderAccessTable());
if (after === undefined) {
  console.error(`docs/security.md needs the markers ${ACCESS_TABLE_START} and ${ACCESS_TABLE_END}`);
  process.exit(1);
}
// Formatted as `npm run lint` expects (prettier aligns the table's columns).
const options = (await prettier.resolveConfig(fileURLToPath(path))) ?? {};
const formatted = await prettier.format(after, { ...options, parser: 'markdown' });
writeFileSync(path, formatted);
console.log(formatted === before ? 'docs/security.md is up to date' : 'docs/security.md updated');
