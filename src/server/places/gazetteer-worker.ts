/**
 * The gazetteer's worker thread: loads and indexes the cities once, then answers searches
 * ({ id, key, limit } → { id, places }) without ever holding up the server's main thread.
 */
import { parentPort } from 'node:worker_threads';
import { loadGazetteerIndex, searchGazetteer } from './gazetteer';

const index = loadGazetteerIndex();
parentPort?.on('message', (message: { id: number; key: string; limit: number }) => {
  try {
    parentPort?.postMessage({ id: message.id, places: searchGazetteer(index, message.key, message.limit) });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: (error as Error).message });
  }
});
