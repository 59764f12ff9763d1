/**
 * The server's map (docs/server-map.md, scripts/lib/server-map.ts) names every feature folder,
 * every HTTP route and every socket message once, names only tests that exist, and the page is
 * the map rendered.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { HTTP_ACCESS } from '../../../src/server/auth/access';
import { SOCKET_HANDLERS } from '../../../src/server/socket/handlers';
import { SERVER_MAP, renderServerMap, serverFolders } from '../../../scripts/lib/server-map';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const counts = (items: readonly string[]) => {
  const seen = new Map<string, number>();
  for (const item of items) seen.set(item, (seen.get(item) ?? 0) + 1);
  return seen;
};

describe('the server map', () => {
  it('has every feature folder of src/server, once', () => {
    expect(SERVER_MAP.map((f) => f.folder).sort()).toEqual(serverFolders(root));
  });

  it('places every HTTP route of the access table in one feature', () => {
    const placed = counts(SERVER_MAP.flatMap((f) => f.routes));
    const wrong = Object.keys(HTTP_ACCESS).filter((key) => placed.get(key) !== 1);
    expect(wrong).toEqual([]);
  });

  it('places every socket message in one feature', () => {
    const placed = counts(SERVER_MAP.flatMap((f) => f.messages));
    const wrong = Object.keys(SOCKET_HANDLERS).filter((type) => placed.get(type) !== 1);
    expect(wrong).toEqual([]);
    expect([...placed.keys()].filter((type) => !(type in SOCKET_HANDLERS))).toEqual([]);
  });

  it('names only integration tests that exist', () => {
    const missing = SERVER_MAP.flatMap((f) => f.integration)
      .map((name) => `tests/integration/${name}.test.ts`)
      .filter((path) => !existsSync(`${root}/${path}`));
    expect(missing).toEqual([]);
  });

  it('is what docs/server-map.md shows (npm run docs:map writes it)', async () => {
    const path = `${root}/docs/server-map.md`;
    const options = (await prettier.resolveConfig(path)) ?? {};
    const rendered = await prettier.format(renderServerMap(root), { ...options, parser: 'markdown' });
    expect(readFileSync(path, 'utf8')).toBe(rendered);
  });
});
