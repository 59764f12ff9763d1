/**
 * Issue 30, item 26: every `npm start` (which builds the web client) printed Vite's warning that
 * the config uses what `configLoader: 'native'` cannot load. The config loads without it.
 */
import { createLogger, loadConfigFromFile } from 'vite';
import { expect, it } from 'vitest';

it('the web client config loads without the native config loader warning', async () => {
  const said: string[] = [];
  const logger = createLogger('info');
  const keep = (message: string) => void said.push(message);
  Object.assign(logger, { warn: keep, warnOnce: keep, info: keep, error: keep });
  const loaded = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    'vite.renderer.config.ts',
    process.cwd(),
    'info',
    logger,
  );
  expect(loaded?.config.root).toBe('src/renderer');
  expect(said.join('\n')).not.toContain('configLoader');
}, 60_000);
