/**
 * The system's libpocketsphinx (Debian `libpocketsphinx3`, Homebrew `cmu-pocketsphinx`) called
 * through koffi. Only the functions the streaming engine needs are bound. The library is the
 * 5prealpha API that Debian ships: configuration through `cmd_ln_parse_r` with `ps_args()`.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import type * as Koffi from 'koffi';

const require = createRequire(import.meta.url);

export interface PocketSphinxLib {
  /**
   * Creates a decoder from command-line style arguments (`-hmm`, `-lm`, `-dict`, ...). With
   * `lm` (from `readLanguageModel`), the decoder searches that model instead of loading its own
   * copy of `-lm`, which `args` then must not name.
   */
  createDecoder(args: Record<string, string>, lm?: LanguageModel): unknown;
  /**
   * Reads the n-gram model at `args.lm` once, weighted by `args`' `-lw` and `-wip` as a decoder
   * would weight its own copy, for decoders of one thread to share (see LanguageModel).
   */
  readLanguageModel(args: Record<string, string>): LanguageModel;
  /** Whether `word` is a word of the model (not its unknown word). */
  languageModelHas(lm: LanguageModel, word: string): boolean;
  /** Frees the model: only once every decoder created with it has been freed. */
  freeLanguageModel(lm: LanguageModel): void;
  /**
   * Whether sphinxbase's process-wide log is off, as loading the library leaves it and as no
   * decoder may change it (for tests: two threads swapping it crashed the process).
   */
  logIsOff(): boolean;
  freeDecoder(ps: unknown): void;
  startUtt(ps: unknown): number;
  processRaw(ps: unknown, samples: Int16Array, fullUtt?: boolean): number;
  endUtt(ps: unknown): number;
  /** Current best hypothesis (partial during an utterance, final after `endUtt`). */
  hyp(ps: unknown): string;
  /**
   * Words of the best hypothesis with their frame ranges (100 frames per second), counted from
   * the start of the utterance.
   */
  segments(ps: unknown): Array<{ word: string; startFrame: number; endFrame: number }>;
  nFrames(ps: unknown): number;
  /**
   * Gives the C heap's free pages back to the system (glibc's malloc_trim) after decoders are
   * freed: a decoder is thousands of small allocations, which glibc otherwise keeps for reuse,
   * so a burst of streams would leave the process at its peak size. A no-op where there is no
   * glibc (macOS, musl).
   */
  trimHeap(): void;
  /** The dictionary's pronunciation of `word` (CMU phones), or undefined if it has none. */
  lookupWord(ps: unknown, word: string): string | undefined;
  /**
   * Adds `word` with `phones` to the decoder's dictionary and to its language model with a
   * unigram probability of about `weight` / (unigrams in the model), as a member of the
   * decoder's boost class (see BOOST_CLASS below). `members` is how many words this decoder's
   * class already holds. Only between utterances. `update` rebuilds the search for the new
   * words (once, after the last of a batch). Returns false if the decoder refused it (a phone it
   * does not know, say) or if the model is not one the boost class is known to be safe for.
   */
  addWord(
    ps: unknown,
    word: string,
    phones: string,
    weight: number,
    update: boolean,
    members: number,
  ): boolean;
  /** The language model's unigram log10 probability of `word`, or undefined if it lacks it. */
  unigramLog10(ps: unknown, word: string): number | undefined;
}

/**
 * An n-gram model several decoders search at once (ps_set_lm), so that a thread's decoders hold
 * one copy of it (27 MB for en-us) instead of one each. Safe within one thread only: the trie
 * caches the last history it scored (lm_trie_t hist_cache), checked before every use, but two
 * threads writing it at once could mix two histories. And only for decoders that never add words,
 * since boost words are added to the model itself (addWord).
 */
export interface LanguageModel {
  readonly pointer: unknown;
  /** The log base the model's scores are in: the model does not own it, freed with it. */
  readonly lmath: unknown;
}

const LIBRARY_CANDIDATES = [
  'libpocketsphinx.so.3',
  'libpocketsphinx.so',
  '/usr/lib/x86_64-linux-gnu/libpocketsphinx.so.3',
  '/usr/lib/aarch64-linux-gnu/libpocketsphinx.so.3',
  '/opt/homebrew/lib/libpocketsphinx.dylib',
  '/usr/local/lib/libpocketsphinx.dylib',
];

export const INSTALL_HINT =
  'install it with "sudo apt-get install libpocketsphinx3 pocketsphinx-en-us" (Debian/Ubuntu) or "brew install cmu-pocketsphinx" (macOS)';

/**
 * Why boost words are class members and not plain words (docs/boost.md, "The 5prealpha crash").
 *
 * sphinxbase 5prealpha keeps the language model in a bit-packed trie. To find the n-gram
 * "h w" it looks `h` up among w's histories with an interpolation search whose upper key bound
 * is the model's unigram count U (`max_vocab`). A word added to the model gets id U, U+1, ...:
 * when one with id U+2 or more is the history of a word with many histories (`</s>`, "the"),
 * the search's first guess lands past the end of the range, its unsigned bounds wrap round and
 * it reads far outside the array: a segmentation fault, or a wrong score if the read happens to
 * land in mapped memory. An id of at most U+1 keeps every guess inside the range.
 *
 * So no boost word becomes a word of the trie. The first boost word of a decoder creates one
 * word class whose tag is the only word ever added to the trie (id U, checked); each boost word
 * is a member of that class. sphinxbase scores a member as its tag with the member's in-class
 * probability, and replaces a member in a history by the tag, so the trie only ever sees ids up
 * to U. The tag's unigram is `weight * BOOST_CLASS_SIZE / U` and each member's share
 * 1 / BOOST_CLASS_SIZE, which gives each member the `weight / U` a plain added word had. (Each
 * new member scales the others by 1 - 1/BOOST_CLASS_SIZE: 300 members keep 93% of theirs.)
 * The tag is not in the dictionary, so it is never recognised itself.
 */
const BOOST_CLASS = '[hearken-boost]';
const BOOST_CLASS_SIZE = 4096;
/**
 * Members one class can hold: sphinxbase keeps them in a hash table of 128 buckets, and when it
 * grows the table it does not rehash the members already in it, so about 100 of the first 128
 * can no longer be found (they score as impossible). Up to 128 every member is found.
 */
export const BOOST_CLASS_MAX_MEMBERS = 128;

let cached: PocketSphinxLib | undefined;

/** Loads the library once per thread; throws an error naming what is missing and how to install it. */
export function loadPocketSphinx(): PocketSphinxLib {
  if (cached) return cached;
  // koffi is a native addon; load it lazily so that merely importing this module is cheap.
  const koffi = require('koffi') as typeof Koffi;
  let lib: ReturnType<typeof koffi.load> | undefined;
  const errors: string[] = [];
  for (const candidate of LIBRARY_CANDIDATES) {
    if (candidate.startsWith('/') && !existsSync(candidate)) continue;
    try {
      lib = koffi.load(candidate);
      break;
    } catch (error) {
      errors.push(`${candidate}: ${(error as Error).message}`);
    }
  }
  if (!lib) {
    throw new Error(
      `PocketSphinx library (libpocketsphinx) not found; ${INSTALL_HINT}. Tried: ${errors.join('; ')}`,
    );
  }

  koffi.opaque('cmd_ln_t');
  koffi.opaque('ps_decoder_t');
  koffi.opaque('ps_seg_t');
  const psArgs = lib.func('void *ps_args(void)');
  const cmdLnParse = lib.func(
    'cmd_ln_t *cmd_ln_parse_r(cmd_ln_t *inout, void *defn, int argc, const char **argv, int strict)',
  );
  const cmdLnFree = lib.func('int cmd_ln_free_r(cmd_ln_t *cmdln)');
  const psInit = lib.func('ps_decoder_t *ps_init(cmd_ln_t *config)');
  const psFree = lib.func('int ps_free(ps_decoder_t *ps)');
  const psStartUtt = lib.func('int ps_start_utt(ps_decoder_t *ps)');
  const psProcessRaw = lib.func(
    'int ps_process_raw(ps_decoder_t *ps, const int16_t *data, size_t n, int no_search, int full_utt)',
  );
  const psEndUtt = lib.func('int ps_end_utt(ps_decoder_t *ps)');
  const psGetHyp = lib.func('const char *ps_get_hyp(ps_decoder_t *ps, _Out_ int *score)');
  const psGetNFrames = lib.func('int ps_get_n_frames(ps_decoder_t *ps)');
  const psSegIter = lib.func('ps_seg_t *ps_seg_iter(ps_decoder_t *ps)');
  const psSegNext = lib.func('ps_seg_t *ps_seg_next(ps_seg_t *seg)');
  const psSegWord = lib.func('const char *ps_seg_word(ps_seg_t *seg)');
  const psSegFrames = lib.func('void ps_seg_frames(ps_seg_t *seg, _Out_ int *sf, _Out_ int *ef)');
  const psLookupWord = lib.func('char *ps_lookup_word(ps_decoder_t *ps, const char *word)');
  const psAddWord = lib.func(
    'int ps_add_word(ps_decoder_t *ps, const char *word, const char *phones, int update)',
  );
  const psGetLm = lib.func('void *ps_get_lm(ps_decoder_t *ps, const char *name)');
  const psGetLogmath = lib.func('void *ps_get_logmath(ps_decoder_t *ps)');
  // The language model calls are sphinxbase's, which libpocketsphinx links (5prealpha).
  const sphinxbase = koffi.load(process.platform === 'darwin' ? 'libsphinxbase.dylib' : 'libsphinxbase.so.3');
  const ngramWid = sphinxbase.func('int ngram_wid(void *model, const char *word)');
  const ngramCounts = sphinxbase.func('uint32_t *ngram_model_get_counts(void *model)');
  const ngramSetCount = sphinxbase.func('int ngram_model_set_count(void *set)');
  const ngramSetIter = sphinxbase.func('void *ngram_model_set_iter(void *set)');
  const ngramSetIterModel = sphinxbase.func(
    'void *ngram_model_set_iter_model(void *itor, _Out_ const char **name)',
  );
  const ngramSetIterFree = sphinxbase.func('void ngram_model_set_iter_free(void *itor)');
  const ngramAddClass = sphinxbase.func(
    'int ngram_model_add_class(void *model, const char *classname, float classweight, void *words, void *weights, int n_words)',
  );
  const ngramAddClassWord = sphinxbase.func(
    'int ngram_model_add_class_word(void *model, const char *classname, const char *word, float weight)',
  );
  /**
   * The decoder's n-gram model itself (the search keeps it in a model set of one), where the
   * boost class lives; undefined for a set of several models, which boost does not handle.
   */
  const trieModel = (set: unknown): unknown => {
    if ((ngramSetCount(set) as number) !== 1) return undefined;
    const itor = ngramSetIter(set) as unknown;
    if (!itor) return undefined;
    const model = ngramSetIterModel(itor, [null]) as unknown;
    ngramSetIterFree(itor);
    return model ?? undefined;
  };
  const unigramCount = (model: unknown): number =>
    (koffi.decode(ngramCounts(model), 'uint32_t') as number) ?? 0;
  /** Creates the boost class if the model has none yet; false if it cannot be made safely. */
  const ensureBoostClass = (model: unknown, weight: number): boolean => {
    if ((ngramWid(model, BOOST_CLASS) as number) >= 0) return true;
    const before = unigramCount(model);
    if ((ngramAddClass(model, BOOST_CLASS, weight * BOOST_CLASS_SIZE, null, null, 0) as number) < 0)
      return false;
    // The tag must be the model's first added word (id = the unigram count), the one id the
    // trie's search handles; anything else means words were added some other way.
    return (ngramWid(model, BOOST_CLASS) as number) === before;
  };
  const ngramProb = sphinxbase.func(
    'int ngram_ng_prob(void *model, int wid, int *history, int n_hist, _Out_ int *n_used)',
  );
  const logmathLogToLn = sphinxbase.func('double logmath_log_to_ln(void *lmath, int logb_p)');
  const cmdLnFloat = sphinxbase.func('double cmd_ln_float_r(cmd_ln_t *cmdln, const char *name)');
  const logmathInit = sphinxbase.func('void *logmath_init(double base, int shift, int use_table)');
  const logmathFree = sphinxbase.func('int logmath_free(void *lmath)');
  /** sphinxbase's NGRAM_AUTO: the file's own header says which format it is. */
  const NGRAM_AUTO = 0;
  const ngramModelRead = sphinxbase.func(
    'void *ngram_model_read(cmd_ln_t *config, const char *file, int type, void *lmath)',
  );
  const ngramModelFree = sphinxbase.func('int ngram_model_free(void *model)');
  const ngramUnknownWid = sphinxbase.func('int ngram_unknown_wid(void *model)');
  const errSetLogfp = sphinxbase.func('void err_set_logfp(void *stream)');
  const errGetLogfp = sphinxbase.func('void *err_get_logfp(void)');
  // sphinxbase logs through one FILE for the whole process, and `ps_init -logfn` swaps it:
  // it opens the new file, then closes the old one. Two speech workers creating decoders at
  // once both closed the same FILE ("free(): invalid pointer", the server gone), and a decoder
  // logging in one thread wrote to a FILE another had just closed. So the log is switched off
  // once (what -logfn /dev/null did) and no decoder is given a log file (createDecoder drops
  // it). Setting "off" only stores a NULL, so every thread doing it at once is harmless.
  errSetLogfp(null);
  const psSetLm = lib.func('int ps_set_lm(ps_decoder_t *ps, const char *name, void *lm)');
  const psSetSearch = lib.func('int ps_set_search(ps_decoder_t *ps, const char *name)');

  /** PocketSphinx's name for the n-gram search that -lm creates. */
  const DEFAULT_SEARCH = '_default';

  let mallocTrim: ((pad: number) => number) | undefined;
  try {
    mallocTrim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as (pad: number) => number;
  } catch {
    mallocTrim = undefined;
  }

  const parseConfig = (args: Record<string, string>): unknown => {
    const argv = ['pocketsphinx'];
    for (const [k, v] of Object.entries(args)) {
      // The process-wide log is never swapped (see errSetLogfp above).
      if (k.replace(/^-/, '') === 'logfn') continue;
      argv.push(k.startsWith('-') ? k : `-${k}`, v);
    }
    const config = cmdLnParse(null, psArgs(), argv.length, argv, 1);
    if (!config) throw new Error(`PocketSphinx rejected its configuration: ${argv.slice(1).join(' ')}`);
    return config;
  };

  cached = {
    createDecoder(args, lm) {
      const own = lm
        ? // Some search must exist for ps_init not to load the system's default model; a
          // one-word keyphrase search costs nothing and is replaced below.
          {
            ...Object.fromEntries(Object.entries(args).filter(([k]) => k.replace(/^-/, '') !== 'lm')),
            keyphrase: 'the',
          }
        : args;
      const config = parseConfig(own);
      const ps = psInit(config);
      // ps_init retains the configuration; drop our reference either way.
      cmdLnFree(config);
      if (!ps)
        throw new Error(
          'PocketSphinx could not load its model (ps_init failed); check -hmm, -lm and -dict paths',
        );
      if (
        lm &&
        ((psSetLm(ps, DEFAULT_SEARCH, lm.pointer) as number) < 0 ||
          (psSetSearch(ps, DEFAULT_SEARCH) as number) < 0)
      ) {
        psFree(ps);
        throw new Error('PocketSphinx could not search the shared language model (ps_set_lm failed)');
      }
      return ps;
    },
    readLanguageModel(args) {
      const path = args.lm ?? args['-lm'];
      if (!path) throw new Error('no language model (-lm) to read');
      const config = parseConfig(args);
      // The model's scores must be in the decoders' own log base, which ps_init takes as a
      // float32 (cmd_ln_float32_r): rounded the same way, the scores are the same integers.
      const lmath = logmathInit(Math.fround(cmdLnFloat(config, '-logbase') as number), 0, 0) as unknown;
      // The model reads -lw and -wip from the configuration and does not keep it.
      const pointer = ngramModelRead(config, path, NGRAM_AUTO, lmath) as unknown;
      cmdLnFree(config);
      if (!pointer) {
        logmathFree(lmath);
        throw new Error(`PocketSphinx could not read the language model ${path}`);
      }
      return { pointer, lmath };
    },
    languageModelHas(lm, word) {
      const wid = ngramWid(lm.pointer, word) as number;
      return wid >= 0 && wid !== (ngramUnknownWid(lm.pointer) as number);
    },
    logIsOff: () => errGetLogfp() === null,
    freeLanguageModel(lm) {
      ngramModelFree(lm.pointer);
      logmathFree(lm.lmath);
    },
    freeDecoder: (ps) => void psFree(ps),
    trimHeap: () => void mallocTrim?.(0),
    startUtt: (ps) => psStartUtt(ps) as number,
    processRaw: (ps, samples, fullUtt = false) =>
      psProcessRaw(ps, samples, samples.length, 0, fullUtt ? 1 : 0) as number,
    endUtt: (ps) => psEndUtt(ps) as number,
    hyp(ps) {
      const score = [0];
      return (psGetHyp(ps, score) as string | null) ?? '';
    },
    segments(ps) {
      const out: Array<{ word: string; startFrame: number; endFrame: number }> = [];
      // ps_seg_next frees the iterator when it returns NULL, so we never free it ourselves
      // unless we stop early (we do not).
      for (let seg = psSegIter(ps); seg; seg = psSegNext(seg)) {
        const sf = [0];
        const ef = [0];
        psSegFrames(seg, sf, ef);
        out.push({ word: psSegWord(seg) as string, startFrame: sf[0]!, endFrame: ef[0]! });
      }
      // 5prealpha's lattice segments count frames from the decoder's first utterance, not the
      // current one (a reused decoder's second line starts at frame ~450). The lattice always
      // starts with the sentence-start node at the utterance's frame 0, so rebase on it.
      const origin = out.reduce((min, s) => Math.min(min, s.startFrame), Number.POSITIVE_INFINITY);
      return Number.isFinite(origin)
        ? out.map((s) => ({ ...s, startFrame: s.startFrame - origin, endFrame: s.endFrame - origin }))
        : out;
    },
    nFrames: (ps) => psGetNFrames(ps) as number,
    lookupWord(ps, word) {
      // The returned string belongs to the dictionary: koffi copies it, we never free it.
      return (psLookupWord(ps, word) as string | null) ?? undefined;
    },
    addWord(ps, word, phones, weight, update, members) {
      // ps_add_word adds a word its language model lacks as a plain trie word (the crash above);
      // it leaves alone one the model has, which a class member is. So the word goes into the
      // boost class first, and if it cannot, it is not added at all.
      const set = psGetLm(ps, DEFAULT_SEARCH) as unknown;
      const model = set ? trieModel(set) : undefined;
      if (!model) return false;
      if ((ngramWid(model, word) as number) < 0) {
        if (members >= BOOST_CLASS_MAX_MEMBERS || !ensureBoostClass(model, weight)) return false;
        const share = (members + 1) / BOOST_CLASS_SIZE;
        if ((ngramAddClassWord(model, BOOST_CLASS, word, share) as number) < 0) return false;
      }
      return (psAddWord(ps, word, phones, update ? 1 : 0) as number) >= 0;
    },
    unigramLog10(ps, word) {
      const lm = psGetLm(ps, DEFAULT_SEARCH) as unknown;
      const wid = lm ? (ngramWid(lm, word) as number) : -1;
      if (!lm || wid < 0) return undefined;
      const used = [0];
      const prob = ngramProb(lm, wid, null, 0, used) as number;
      return (logmathLogToLn(psGetLogmath(ps), prob) as number) / Math.LN10;
    },
  };
  return cached;
}
