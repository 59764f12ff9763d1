/**
 * Fast cepstral mean normalisation for fresh streams.
 *
 * PocketSphinx 5prealpha's live CMN keeps the model's prior mean (weighted as 500 frames) for
 * the whole first utterance and only updates it when the utterance ends, so the first line a
 * new speaker says is decoded with a mean from someone else's microphone: on our dev set that
 * alone costs ~5 points of WER. We lower the prior's weight to a fraction of a second and fold
 * the running sum into the mean after every chunk, which is what later PocketSphinx versions do.
 *
 * The library exports `cmn_live_update`, but the CMN state hangs off `feat_t`, whose layout is
 * read from sphinxbase's public header (feat.h / cmn.h of 5prealpha). The layout is checked on
 * every decoder (cepstrum size 13 both in feat_t and cmn_t) and the adaptation is switched off,
 * not guessed, if it does not match.
 */
import { createRequire } from 'node:module';
import type * as KoffiModule from 'koffi';

const require = createRequire(import.meta.url);

export interface CmnAdapter {
  /**
   * Resets the mean to the model's prior, or to `start` (the same speaker's mean from their last
   * stream), with a weight of `priorFrames` frames.
   */
  reset(priorFrames: number, start?: readonly number[]): void;
  /** Folds the frames seen so far into the mean. */
  update(): void;
  /** The mean now (13 cepstral coefficients). */
  mean(): number[];
}

type Koffi = typeof KoffiModule;
type TypeSpec = Parameters<Koffi['sizeof']>[0];
let koffiTypes:
  | {
      koffi: Koffi;
      feat: TypeSpec;
      cmn: TypeSpec;
      floats: TypeSpec;
      update: (p: unknown) => void;
      getFeat: (ps: unknown) => unknown;
    }
  | undefined;

function types(): NonNullable<typeof koffiTypes> | undefined {
  if (koffiTypes) return koffiTypes;
  const koffi = require('koffi') as Koffi;
  try {
    const sphinxbase = koffi.load(
      process.platform === 'darwin' ? 'libsphinxbase.dylib' : 'libsphinxbase.so.3',
    );
    const pocketsphinx = koffi.load(
      process.platform === 'darwin' ? 'libpocketsphinx.dylib' : 'libpocketsphinx.so.3',
    );
    // feat_t up to cmn_struct, as declared in sphinxbase/feat.h (5prealpha).
    const feat = koffi.struct('hearken_feat_head', {
      refcount: 'int',
      name: 'void *',
      cepsize: 'int',
      n_stream: 'int',
      stream_len: 'void *',
      window_size: 'int',
      n_sv: 'int',
      sv_len: 'void *',
      subvecs: 'void *',
      sv_buf: 'void *',
      sv_dim: 'int',
      cmn: 'int',
      varnorm: 'int',
      agc: 'int',
      compute_feat: 'void *',
      cmn_struct: 'void *',
    });
    // cmn_t from sphinxbase/cmn.h (5prealpha).
    const cmn = koffi.struct('hearken_cmn', {
      cmn_mean: 'void *',
      cmn_var: 'void *',
      sum: 'void *',
      nframe: 'int',
      veclen: 'int',
    });
    koffiTypes = {
      koffi,
      feat,
      cmn,
      floats: koffi.array('float', 13),
      update: sphinxbase.func('void cmn_live_update(void *cmn)') as (p: unknown) => void,
      getFeat: pocketsphinx.func('void *ps_get_feat(void *ps)') as (ps: unknown) => unknown,
    };
    return koffiTypes;
  } catch {
    return undefined;
  }
}

/** Returns an adapter for the decoder's CMN, or undefined when the layout is not the expected one. */
export function createCmnAdapter(decoder: unknown): CmnAdapter | undefined {
  const t = types();
  if (!t) return undefined;
  const { koffi } = t;
  const featPtr = t.getFeat(decoder);
  if (!featPtr) return undefined;
  const feat = koffi.decode(featPtr, t.feat) as { cepsize: number; cmn_struct: unknown };
  if (feat.cepsize !== 13 || !feat.cmn_struct) return undefined;
  const cmnPtr = feat.cmn_struct;
  const head = koffi.decode(cmnPtr, t.cmn) as {
    cmn_mean: unknown;
    sum: unknown;
    nframe: number;
    veclen: number;
  };
  if (head.veclen !== 13 || !head.cmn_mean || !head.sum) return undefined;
  const prior = Float32Array.from(koffi.decode(head.cmn_mean, t.floats) as number[]);

  return {
    reset(priorFrames, start) {
      const mean = start?.length === prior.length && start.every(Number.isFinite) ? start : prior;
      const current = koffi.decode(cmnPtr, t.cmn) as typeof head;
      koffi.encode(current.cmn_mean, t.floats, Array.from(mean));
      koffi.encode(
        current.sum,
        t.floats,
        Array.from(mean, (x) => x * priorFrames),
      );
      koffi.encode(cmnPtr, t.cmn, { ...current, nframe: priorFrames });
    },
    update() {
      t.update(cmnPtr);
    },
    mean() {
      const current = koffi.decode(cmnPtr, t.cmn) as typeof head;
      return koffi.decode(current.cmn_mean, t.floats) as number[];
    },
  };
}
