/**
 * Where organisation search finds places once Hearken's own organisations run out: an
 * interface, so a hosted maps provider (by key, google-places.ts) and the bundled offline
 * gazetteer (gazetteer.ts) are interchangeable, and tests can hold either.
 */
import type { PlaceKind } from '../../shared/organizations';

export interface Place {
  /** Stable id of the place in its source (the provider's place id, or the gazetteer's). */
  placeId: string;
  name: string;
  /** What is shown under the name: region and country. */
  address: string;
  kind: PlaceKind;
}

export interface PlacesSource {
  /** Which source answers (for the log and docs). */
  readonly id: string;
  /**
   * Up to `limit` places whose name matches `key` (already normalised: lower-case letters and
   * digits, shared/organizations.ts normaliseSearch), of the given kinds. `text` is what the
   * person typed, for providers that do their own matching.
   */
  search(query: { key: string; text: string; kinds: readonly PlaceKind[]; limit: number }): Promise<Place[]>;
  /** Releases what it holds (a worker thread). */
  close?(): Promise<void>;
}
