// Entry of the gazetteer worker when running from TypeScript sources (tsx, vitest): registers
// tsx's loader in this thread, which Node 20 does not inherit from the main thread.
import { register } from 'tsx/esm/api';

register();
await import('./gazetteer-worker.ts');
