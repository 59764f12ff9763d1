/**
 * What the offline-captions process does with each message, apart from how messages travel
 * (process.ts picks the transport), so it runs in tests with any port.
 */
import { littleEndianBytesToInt16 } from '../../shared/audio';
import type { SpeechEngine, EngineSpec } from '../speech/types';
import { OfflineCaptioner } from './captioner';
import type { FromOffline, ToOffline } from './protocol';

export type CreateEngine = (spec: EngineSpec) => Promise<SpeechEngine>;

export class OfflineService {
  private engine: SpeechEngine | undefined;
  private engineKey = '';
  private captioner: OfflineCaptioner | undefined;
  /** Messages are handled one at a time, in order, even while an engine loads. */
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly send: (message: FromOffline) => void,
    private readonly createEngine: CreateEngine,
    private readonly now: () => number = Date.now,
  ) {}

  receive(message: ToOffline): Promise<void> {
    this.chain = this.chain
      .then(() => this.handle(message))
      .catch((error: unknown) => {
        this.send({ op: 'failed', message: error instanceof Error ? error.message : String(error) });
      });
    return this.chain;
  }

  private async handle(message: ToOffline): Promise<void> {
    switch (message.op) {
      case 'start': {
        this.finish();
        const engine = await this.loadEngine(message.engines);
        this.captioner = new OfflineCaptioner(engine, {
          lang: message.lang,
          author: message.author,
          authorShow: message.authorShow,
          sessionId: `offline-${this.now()}`,
          now: this.now,
        });
        this.send({ op: 'ready', engine: engine.id });
        return;
      }
      case 'audio': {
        if (!this.captioner) return;
        const samples = littleEndianBytesToInt16(new Uint8Array(message.samples));
        if (!samples) return;
        for (const transcript of this.captioner.accept(samples)) this.send({ op: 'transcript', transcript });
        return;
      }
      case 'stop':
        this.finish();
        this.send({ op: 'stopped' });
        return;
    }
  }

  private finish(): void {
    const captioner = this.captioner;
    this.captioner = undefined;
    if (captioner) for (const transcript of captioner.finish()) this.send({ op: 'transcript', transcript });
  }

  /** The first engine of the list that loads; kept for the next session if it is the same list. */
  private async loadEngine(candidates: readonly EngineSpec[]): Promise<SpeechEngine> {
    const key = JSON.stringify(candidates);
    if (this.engine && this.engineKey === key) return this.engine;
    this.engine?.dispose();
    this.engine = undefined;
    const problems: string[] = [];
    for (const spec of candidates) {
      try {
        this.engine = await this.createEngine(spec);
        this.engineKey = key;
        return this.engine;
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
      }
    }
    throw new Error(
      `no speech engine could be loaded on this computer: ${problems.join('; ') || 'none configured'}`,
    );
  }

  dispose(): void {
    this.finish();
    this.engine?.dispose();
    this.engine = undefined;
  }
}
