/**
 * npm run docs:map: writes docs/server-map.md from scripts/lib/server-map.ts (formatted as
 * `npm run lint` expects). A unit test fails when the page lags the map or the map the code.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { renderServerMap } from './lib/server-map';

const root = fileURLToPath(new URL('..', import.meta.url));
const path = fileURLToPath(new URL('../docs/server-map.md', import.meta.url));
const before = existsSync(path) ? readFileSync(path, 'utf8') : '';
const options = (await prettier.resolveConfig(path)) ?? {};
const formatted = await prettier.format(renderServerMap(root), { ...options, parser: 'markdown' });
writeFileSync(path, formatted);
console.log(formatted === before ? 'docs/server-map.md is up to date' : 'docs/server-map.md updated');
