import { describe, expect, it } from 'vitest';
import { mostCommon } from './most-common';

describe('mostCommon', () => {
  it('takes the value seen most often, the first one on a tie', () => {
    expect(mostCommon(['UTC', 'Europe/Rome', 'Europe/Rome'])).toBe('Europe/Rome');
    expect(mostCommon(['EUR', 'CHF'])).toBe('EUR');
    expect(mostCommon([])).toBeUndefined();
  });
});
