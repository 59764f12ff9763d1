/**
 * The hosted places source, used when a key is configured (HEARKEN_PLACES_API_KEY): Google's
 * Places API (New) Text Search, which finds schools, universities and cities by name. One POST
 * per search; a failure answers no places (Hearken's own organisations still show) and is logged.
 */
import type { PlaceKind } from '../../shared/organizations';
import type { Place, PlacesSource } from './source';

const ENDPOINT = 'https://places.googleapis.com/v1/places:searchText';

/** The Places API's types per kind of place an organisation can be. */
const TYPES: Record<PlaceKind, string> = {
  school: 'school',
  university: 'university',
  city: 'locality',
};

interface TextSearchResponse {
  places?: { id: string; displayName?: { text?: string }; formattedAddress?: string; types?: string[] }[];
}

export class GooglePlaces implements PlacesSource {
  readonly id = 'google-places';

  constructor(
    private readonly apiKey: string,
    private readonly warn: (message: string) => void,
    private readonly endpoint = ENDPOINT,
  ) {}

  async search(query: Parameters<PlacesSource['search']>[0]): Promise<Place[]> {
    if (query.kinds.length === 0 || query.limit <= 0) return [];
    const found: Place[] = [];
    for (const kind of query.kinds) {
      if (found.length >= query.limit) break;
      try {
        const response = await fetch(this.endpoint, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'X-Goog-Api-Key': this.apiKey,
            'X-Goog-FieldMask': 'places.id,places.displayName,places.formattedAddress,places.types',
          },
          body: JSON.stringify({
            textQuery: query.text,
            includedType: TYPES[kind],
            pageSize: query.limit - found.length,
          }),
          signal: AbortSignal.timeout(5000),
        });
        if (!response.ok) throw new Error(`HTTP ${response.status}`);
        const body = (await response.json()) as TextSearchResponse;
        for (const place of body.places ?? []) {
          if (found.length >= query.limit || found.some((p) => p.placeId === place.id)) continue;
          found.push({
            placeId: place.id,
            name: place.displayName?.text ?? '',
            address: place.formattedAddress ?? '',
            kind,
          });
        }
      } catch (error) {
        this.warn(`places search failed (${kind}): ${(error as Error).message}`);
      }
    }
    return found;
  }
}
