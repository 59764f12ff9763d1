/**
 * Arguments of `npm run models:download -- NAME [--models-dir DIR] [--url URL] [--sha256 HEX]
 * [--force] [--list]`. Pure, so the command's grammar is tested without running it.
 */

export interface DownloadArgs {
  name?: string;
  modelsDir: string;
  url?: string;
  sha256?: string;
  force: boolean;
  list: boolean;
  help: boolean;
}

export const DEFAULT_MODELS_DIR = './models';

export const USAGE = `Usage: npm run models:download -- NAME [options]

Downloads a speech model, checks its SHA-256 and installs it in the models folder.

Options:
  --models-dir DIR  models folder (default: $HEARKEN_MODELS_DIR, else ${DEFAULT_MODELS_DIR})
  --url URL         download from this address instead of the official release
  --sha256 HEX      expected SHA-256 of the archive (required for models without one on record)
  --force           reinstall even if the model is already installed
  --list            list the known models
  --help            show this help`;

const WITH_VALUE = new Set(['--models-dir', '--url', '--sha256']);

export function parseDownloadArgs(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): DownloadArgs {
  const args: DownloadArgs = {
    modelsDir: env.HEARKEN_MODELS_DIR || DEFAULT_MODELS_DIR,
    force: false,
    list: false,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    if (WITH_VALUE.has(flag)) {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '' || (inline === undefined && value.startsWith('--'))) {
        throw new Error(`${flag} needs a value`);
      }
      if (flag === '--models-dir') args.modelsDir = value;
      else if (flag === '--url') args.url = value;
      else args.sha256 = value;
    } else if (flag === '--force') args.force = true;
    else if (flag === '--list') args.list = true;
    else if (flag === '--help' || flag === '-h') args.help = true;
    else if (flag.startsWith('-')) throw new Error(`unknown option ${flag}`);
    else if (args.name !== undefined)
      throw new Error(`one model at a time: got "${args.name}" and "${flag}"`);
    else args.name = flag;
  }
  if (!args.name && !args.list && !args.help)
    throw new Error('which model? Give its name (--list shows them)');
  return args;
}
