import { describe, expect, it } from 'vitest';
import {
  ORGANIZATION_NAME_MESSAGES,
  ORGANIZATION_SEARCH_RESULTS,
  ORGANIZATION_TYPE_OF_KIND,
  SEARCH_MIN_LENGTH,
  checkOrganizationName,
  isSearchable,
  normaliseSearch,
  placeKindsFor,
} from '../../../src/shared/organizations';

describe('organisation name (accounts.md sections 5 and 9)', () => {
  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['A', 'tooShort'],
    ['Abc', 'tooShort'],
    ['  Abc  ', 'tooShort'],
    ['Abcd', undefined],
    ['Lycée Victor Hugo', undefined],
  ] as const)('%j → %s', (name, problem) => {
    expect(checkOrganizationName(name)).toBe(problem);
  });

  it('words the two problems as the spec does', () => {
    expect(ORGANIZATION_NAME_MESSAGES.empty).toBe("You can't create organization with empty name");
    expect(ORGANIZATION_NAME_MESSAGES.tooShort).toBe('The name must be greater than three characters');
  });
});

describe('organisation types', () => {
  it('maps the four choices of the creation screen to the entity types of section 3', () => {
    expect(ORGANIZATION_TYPE_OF_KIND).toEqual({
      school: 'edu',
      organization: 'hr',
      event: 'worship/event',
      individual: 'individual',
    });
  });

  it.each([
    ['edu', ['school', 'university']],
    ['hr', ['city', 'school', 'university']],
    ['individual', []],
  ] as const)('%s is searched among %j', (type, kinds) => {
    expect(placeKindsFor(type)).toEqual(kinds);
  });
});

describe('search (sections 4, 5 and 9)', () => {
  it('shows up to 3 results from 3 characters', () => {
    expect(ORGANIZATION_SEARCH_RESULTS).toBe(3);
    expect(SEARCH_MIN_LENGTH).toBe(3);
  });

  it.each([
    ['Saint-Étienne', 'saintetienne'],
    ['  M.I.T. ', 'mit'],
    ["King's College", 'kingscollege'],
    ['ÉCOLE 42', 'ecole42'],
    ['Zürich', 'zurich'],
    ['東京大学', '東京大学'],
  ])('normalises %j to %j (case and non-alphanumerics ignored)', (text, key) => {
    expect(normaliseSearch(text)).toBe(key);
  });

  it.each([
    ['ab', false],
    ['a-b', false],
    ['a b c', true],
    ['abc', true],
    ['...', false],
  ])('%j searchable: %s', (text, searchable) => {
    expect(isSearchable(text)).toBe(searchable);
  });
});
