/**
 * Where speech ends in a recording, found from the audio alone, so that final latency is measured
 * from the end of the last spoken word and not from the end of the file. It must not depend on the
 * engine under test (PocketSphinx's lines are cut by Silero VAD, so using Silero here would grade
 * the engine with its own ruler): it is a plain energy detector, pure and tested.
 *
 * Frames of 10 ms; a frame is loud when its RMS level is above a threshold set from the
 * recording itself: `floorMarginDb` above the noise floor (the 10th percentile of frame levels)
 * and never lower than `peakRangeDb` below the loudest frame's level (a recording with digital
 * silence has a floor of -infinity), nor higher than 10 dB below it. Speech ends at the end of the last run of at least
 * `minRunFrames` loud frames (a click or a single loud frame in the silence is not speech).
 */

export interface SpeechEndOptions {
  sampleRate: number;
  frameMs?: number;
  floorMarginDb?: number;
  peakRangeDb?: number;
  minRunFrames?: number;
}

/** RMS level of each whole frame in dB relative to full scale (-Infinity for digital silence). */
export function frameLevelsDb(samples: Int16Array, frameSamples: number): number[] {
  const levels: number[] = [];
  for (let start = 0; start + frameSamples <= samples.length; start += frameSamples) {
    let sum = 0;
    for (let i = start; i < start + frameSamples; i++) {
      const x = samples[i]! / 32768;
      sum += x * x;
    }
    levels.push(10 * Math.log10(sum / frameSamples));
  }
  return levels;
}

/**
 * The sample index one past the end of the last speech in `samples`, or undefined if nothing in
 * it is loud enough to be speech. A recording that ends while still loud ends its speech at its
 * last sample.
 */
export function speechEndSample(samples: Int16Array, options: SpeechEndOptions): number | undefined {
  const frameSamples = Math.round(((options.frameMs ?? 10) * options.sampleRate) / 1000);
  const floorMarginDb = options.floorMarginDb ?? 15;
  const peakRangeDb = options.peakRangeDb ?? 45;
  const minRun = options.minRunFrames ?? 3;
  const levels = frameLevelsDb(samples, frameSamples);
  if (levels.length === 0) return undefined;
  const sorted = [...levels].sort((a, b) => a - b);
  const floor = sorted[Math.floor(sorted.length * 0.1)]!;
  const peak = sorted[sorted.length - 1]!;
  if (peak === Number.NEGATIVE_INFINITY) return undefined;
  // A recording with hardly any pause (a slice of continuous talk) has its floor inside speech:
  // the loudest 10 dB always count.
  const threshold = Math.min(Math.max(floor + floorMarginDb, peak - peakRangeDb), peak - 10);
  let run = 0;
  for (let i = levels.length - 1; i >= 0; i--) {
    if (levels[i]! > threshold) {
      run += 1;
      if (run >= minRun) {
        const lastLoud = i + run - 1;
        // The partial frame after the last whole one belongs to speech that runs to the end.
        const end = (lastLoud + 1) * frameSamples;
        return lastLoud === levels.length - 1 ? samples.length : end;
      }
    } else {
      run = 0;
    }
  }
  return undefined;
}
