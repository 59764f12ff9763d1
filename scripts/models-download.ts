/**
 * `npm run models:download -- NAME [--models-dir DIR] [--url URL] [--sha256 HEX] [--force]`:
 * downloads a speech model with progress, checks its SHA-256 and installs it atomically.
 * Exit codes: 0 installed (or already was), 1 the download or install failed, 2 bad arguments.
 */
import { resolve } from 'node:path';
import { parseDownloadArgs, USAGE, type DownloadArgs } from '../src/native/speech/models/cli-args';
import { downloadModel, DownloadError } from '../src/native/speech/models/download';
import { createProgressReporter, formatMegabytes } from '../src/native/speech/models/progress';
import { MODEL_REGISTRY } from '../src/native/speech/models/registry';
import {
  SPEAKER_MODEL_REGISTRY,
  downloadSpeakerModel,
  isSpeakerModelName,
} from '../src/native/speech/speaker-id/download';

function listModels(): void {
  for (const m of MODEL_REGISTRY) {
    const size = m.sizeBytes ? formatMegabytes(m.sizeBytes) : 'size unknown';
    const checksum = m.sha256 ? '' : '  (no SHA-256 on record: needs --sha256)';
    console.log(`${m.name}\n  ${m.tier}, ${m.languages.join(' ')}, ${size}${checksum}\n  ${m.description}`);
  }
  for (const m of SPEAKER_MODEL_REGISTRY) {
    const checksum = m.sha256 ? '' : '  (no SHA-256 on record: needs --sha256)';
    console.log(`${m.name}\n  speaker identification${checksum}\n  ${m.description}`);
  }
}

async function main(args: DownloadArgs): Promise<number> {
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  if (args.list) {
    listModels();
    return 0;
  }
  const modelsDir = resolve(args.modelsDir);
  const reporter = createProgressReporter({
    isTTY: Boolean(process.stderr.isTTY),
    write: (text) => process.stderr.write(text),
  });
  // Speaker identification's models are single files, installed beside the recognition models.
  if (isSpeakerModelName(args.name!)) {
    const installed = await downloadSpeakerModel({
      name: args.name!,
      modelsDir,
      url: args.url,
      sha256: args.sha256,
      force: args.force,
      onProgress: (state) => reporter.update(state),
    });
    reporter.done();
    console.log(
      installed.alreadyInstalled
        ? `${args.name} is already installed as ${installed.path} (--force reinstalls it).`
        : `Installed ${installed.path} (SHA-256 ${installed.sha256}).`,
    );
    console.log(`The server uses it for speaker identification with HEARKEN_MODELS_DIR=${modelsDir}`);
    return 0;
  }
  const result = await downloadModel({
    name: args.name!,
    modelsDir,
    url: args.url,
    sha256: args.sha256,
    force: args.force,
    onProgress: (state) => reporter.update(state),
    onStage: (stage, plan) => {
      if (stage === 'download') console.error(`Downloading ${plan.name}\n  from ${plan.url}`);
      else {
        reporter.done();
        console.error(stage === 'unpack' ? 'Checksum OK. Unpacking...' : 'Installing...');
      }
    },
  });
  if (result.alreadyInstalled) {
    console.log(`${args.name} is already installed in ${result.dir} (--force reinstalls it).`);
  } else {
    console.log(`Installed ${args.name} in ${result.dir} (SHA-256 ${result.sha256}).`);
  }
  console.log(`The engine finds it as sherpa-onnx:${args.name} with HEARKEN_MODELS_DIR=${modelsDir}`);
  return 0;
}

let args: DownloadArgs;
try {
  args = parseDownloadArgs(process.argv.slice(2), process.env);
} catch (error) {
  console.error(`${(error as Error).message}\n\n${USAGE}`);
  process.exit(2);
}
main(args).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`\n${error instanceof DownloadError ? error.message : (error as Error).stack}`);
    process.exit(1);
  },
);
