import { describe, expect, it } from 'vitest';
import { languageOfCountry } from './country-language';

describe('languageOfCountry', () => {
  it("answers the language most of a country's people read, English when none of ours or unknown", () => {
    expect(languageOfCountry('IT')).toBe('it');
    expect(languageOfCountry('br')).toBe('pt');
    expect(languageOfCountry('AT')).toBe('de');
    expect(languageOfCountry('UA')).toBe('uk');
    expect(languageOfCountry('SI')).toBe('sl');
    expect(languageOfCountry('BE')).toBe('en');
    expect(languageOfCountry('JP')).toBe('en');
    expect(languageOfCountry(null)).toBe('en');
  });
});
