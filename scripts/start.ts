/**
 * `npm start`: builds the web client and the server, makes sure a speech engine is available
 * (downloading the basic sherpa-onnx model on first run, falling back to the system's
 * PocketSphinx when it cannot), then runs the server on its embedded defaults.
 *
 * Environment: HEARKEN_SKIP_BUILD=1 reuses an existing build; HEARKEN_NO_MODEL_DOWNLOAD=1 never
 * downloads. Everything else (port, data, models, DATABASE_URL) is read by the server itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { downloadModel } from '../src/native/speech/models/download';
import { createProgressReporter } from '../src/native/speech/models/progress';
import { MODEL_REGISTRY } from '../src/native/speech/models/registry';
import { installedModelsFor } from '../src/native/speech/tiers';

const root = resolve(import.meta.dirname, '..');
const modelsDir = resolve(process.env.HEARKEN_MODELS_DIR ?? resolve(root, 'models'));

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (process.env.HEARKEN_SKIP_BUILD !== '1') {
  console.log('Building Hearken (web client and server)...');
  run('npm', ['run', 'build']);
}

const configured = process.env.HEARKEN_TIER_BASIC;
if (
  !configured &&
  process.env.HEARKEN_NO_MODEL_DOWNLOAD !== '1' &&
  installedModelsFor('basic', modelsDir).length === 0
) {
  const model = MODEL_REGISTRY.find((m) => m.tier === 'basic' && m.sha256);
  if (model) {
    console.log(`First run: downloading the ${model.name} speech model into ${modelsDir}`);
    const reporter = createProgressReporter({
      isTTY: Boolean(process.stderr.isTTY),
      write: (t) => process.stderr.write(t),
    });
    try {
      await downloadModel({ name: model.name, modelsDir, onProgress: (s) => reporter.update(s) });
      reporter.done();
      console.log(`Installed ${model.name}.`);
    } catch (error) {
      reporter.done();
      console.log(
        `Could not download the speech model (${(error as Error).message}).\n` +
          'Captions will use the system PocketSphinx engine instead (lower accuracy). ' +
          `Retry later with: npm run models:download -- ${model.name}`,
      );
    }
  }
}

const server = spawn(process.execPath, [resolve(root, 'dist/server/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
