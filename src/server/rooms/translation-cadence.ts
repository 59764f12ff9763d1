/**
 * When a caption's partials are translated: at most once per TRANSLATION_DELAY_MS (the spec's
 * translation delay, 0.5 s) per caption, the first at once and then always the latest text, so
 * a reader sees a translation as soon as the line starts and it keeps up without the engine
 * being asked for every growing hypothesis. A caption's final cancels what is still waiting
 * (finals are always translated, by the translator itself).
 */
import { TRANSLATION_DELAY_MS } from '../../shared/constants';
import { type Timers, Throttle, realTimers } from './throttle';

export class TranslationCadence<T> {
  private readonly captions = new Map<string, Throttle<T>>();

  constructor(
    private readonly translate: (value: T) => void,
    private readonly timers: Timers = realTimers,
    private readonly delayMs: number = TRANSLATION_DELAY_MS,
  ) {}

  /** A new partial of caption `id`: translated now, or when its delay has passed (if still the latest). */
  partial(id: string, value: T): void {
    let throttle = this.captions.get(id);
    if (!throttle) {
      throttle = new Throttle(this.delayMs, this.translate, this.timers);
      this.captions.set(id, throttle);
    }
    throttle.push(value);
  }

  /** The caption is final (or gone): a partial still waiting is not translated. */
  end(id: string): void {
    this.captions.get(id)?.cancel();
    this.captions.delete(id);
  }

  /** Captions with partials being followed (for tests and to see nothing leaks). */
  get open(): number {
    return this.captions.size;
  }

  close(): void {
    for (const throttle of this.captions.values()) throttle.cancel();
    this.captions.clear();
  }
}
