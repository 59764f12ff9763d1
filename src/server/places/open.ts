/** The places source of this server: the hosted provider when a key is configured, else the gazetteer. */
import { GazetteerPlaces } from './gazetteer';
import { GooglePlaces } from './google-places';
import type { PlacesSource } from './source';

export function openPlaces(apiKey: string | undefined, warn: (message: string) => void): PlacesSource {
  return apiKey ? new GooglePlaces(apiKey, warn) : new GazetteerPlaces();
}
