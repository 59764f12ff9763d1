/**
 * The speech models Hearken knows how to download: where each official release archive lives,
 * its SHA-256, and which files inside are the encoder, decoder, joiner and tokens.
 *
 * A checksum is written here only when it was found published for that exact archive by
 * independent projects that pinned it after downloading it themselves (sources in
 * docs/speech-models.md). Where none could be found, `sha256` stays undefined and the downloader
 * refuses the entry until the user supplies one (`--sha256`, or checksums.local.json).
 */
import type { EngineKind } from '../types';

/** A file name, or a pattern for folders whose exact names we do not know. */
export type FileCandidate = string | RegExp;

/** File roles of a streaming transducer. Each lists candidates in order of preference. */
export interface TransducerFiles {
  encoder: readonly FileCandidate[];
  decoder: readonly FileCandidate[];
  joiner: readonly FileCandidate[];
  tokens: readonly FileCandidate[];
}

export const TRANSDUCER_ROLES = ['encoder', 'decoder', 'joiner', 'tokens'] as const;
export type TransducerRole = (typeof TRANSDUCER_ROLES)[number];

export interface ModelEntry {
  /** Also the folder the archive unpacks to, and the folder name in the models dir. */
  name: string;
  engine: EngineKind;
  /** BCP 47 languages the model recognises. */
  languages: readonly string[];
  /** Which caption tier this model is meant for (DESIGN.md, caption quality tiers). */
  tier: 'basic' | 'premium';
  description: string;
  url: string;
  /** Lower-case hex SHA-256 of the archive; undefined when no authentic published value is known. */
  sha256?: string;
  /** Size of the archive in bytes, when known: for progress before the server says it. */
  sizeBytes?: number;
  files: TransducerFiles;
}

const RELEASES = 'https://github.com/k2-fsa/sherpa-onnx/releases/download/asr-models';
/** The language tags an English model answers to (every engine that recognises English). */
export const ENGLISH = ['en-US', 'en-GB', 'en-AU', 'en-CA', 'en'] as const;

function releaseUrl(name: string): string {
  return `${RELEASES}/${name}.tar.bz2`;
}

/**
 * int8 encoders and joiners run about twice as fast as float32 on a CPU for a loss of accuracy
 * too small to measure on LibriSpeech; the decoder is small enough that float32 costs nothing.
 * Later names are fallbacks for archives that ship only the other variant.
 */
export const MODEL_REGISTRY: readonly ModelEntry[] = [
  {
    name: 'sherpa-onnx-streaming-zipformer-en-2023-06-26',
    engine: 'sherpa-onnx',
    languages: ENGLISH,
    tier: 'premium',
    description:
      'Streaming zipformer2 transducer, English (LibriSpeech), 16-frame chunks with 128 left context',
    url: releaseUrl('sherpa-onnx-streaming-zipformer-en-2023-06-26'),
    sha256: '639e25b578e9e997131402199419c13a941f8e4e198e2da1ce57dbf5cf401282',
    sizeBytes: 310_414_022,
    files: {
      encoder: [
        'encoder-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
        'encoder-epoch-99-avg-1-chunk-16-left-128.onnx',
      ],
      decoder: [
        'decoder-epoch-99-avg-1-chunk-16-left-128.onnx',
        'decoder-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
      ],
      joiner: [
        'joiner-epoch-99-avg-1-chunk-16-left-128.int8.onnx',
        'joiner-epoch-99-avg-1-chunk-16-left-128.onnx',
      ],
      tokens: ['tokens.txt'],
    },
  },
  {
    name: 'sherpa-onnx-streaming-zipformer-en-20M-2023-02-17',
    engine: 'sherpa-onnx',
    languages: ENGLISH,
    tier: 'basic',
    description:
      'Small (20M parameters) streaming zipformer transducer, English (LibriSpeech): fast, less accurate',
    url: releaseUrl('sherpa-onnx-streaming-zipformer-en-20M-2023-02-17'),
    sha256: '9c559283e8498d3fe95913c79ca1cb454bb26281ac2b102b41306c7d752765d9',
    sizeBytes: 127_887_156,
    files: {
      encoder: ['encoder-epoch-99-avg-1.int8.onnx', 'encoder-epoch-99-avg-1.onnx'],
      decoder: ['decoder-epoch-99-avg-1.onnx', 'decoder-epoch-99-avg-1.int8.onnx'],
      joiner: ['joiner-epoch-99-avg-1.int8.onnx', 'joiner-epoch-99-avg-1.onnx'],
      tokens: ['tokens.txt'],
    },
  },
  {
    // No SHA-256 of this archive could be found published anywhere trustworthy: it downloads only
    // with --sha256 or an entry in checksums.local.json.
    name: 'sherpa-onnx-streaming-zipformer-en-2023-02-21',
    engine: 'sherpa-onnx',
    languages: ENGLISH,
    tier: 'premium',
    description: 'Streaming zipformer transducer, English (LibriSpeech), the larger 2023-02 export',
    url: releaseUrl('sherpa-onnx-streaming-zipformer-en-2023-02-21'),
    files: {
      encoder: ['encoder-epoch-99-avg-1.int8.onnx', 'encoder-epoch-99-avg-1.onnx'],
      decoder: ['decoder-epoch-99-avg-1.onnx', 'decoder-epoch-99-avg-1.int8.onnx'],
      joiner: ['joiner-epoch-99-avg-1.int8.onnx', 'joiner-epoch-99-avg-1.onnx'],
      tokens: ['tokens.txt'],
    },
  },
];

/** The model a sherpa-onnx engine uses when none is named. */
export const DEFAULT_SHERPA_MODEL = 'sherpa-onnx-streaming-zipformer-en-2023-06-26';

/**
 * File names for a model folder that is not in the registry (a model the user unpacked by hand,
 * or the tiny model our tests generate): the usual names of sherpa-onnx exports, int8 first.
 */
export const GENERIC_TRANSDUCER_FILES: TransducerFiles = {
  encoder: [/^encoder.*\.int8\.onnx$/, /^encoder.*\.onnx$/],
  decoder: [/^decoder.*(?<!\.int8)\.onnx$/, /^decoder.*\.onnx$/],
  joiner: [/^joiner.*\.int8\.onnx$/, /^joiner.*\.onnx$/],
  tokens: ['tokens.txt'],
};

/**
 * A model name becomes a folder name under the models dir: only plain names are accepted, so a
 * name can never point outside it ("../x", "/etc", "a/b").
 */
export function isValidModelName(name: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name) && !name.includes('..');
}

export function findModel(
  name: string,
  registry: readonly ModelEntry[] = MODEL_REGISTRY,
): ModelEntry | undefined {
  return registry.find((m) => m.name === name);
}

export function knownModelNames(registry: readonly ModelEntry[] = MODEL_REGISTRY): string[] {
  return registry.map((m) => m.name);
}

/** The command that installs a model, as error messages and docs print it. */
export function downloadCommand(name: string): string {
  return `npm run models:download -- ${name}`;
}
