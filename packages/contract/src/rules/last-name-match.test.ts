import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lastNameKey, lastNamesMatch } from './last-name-match';

const letters = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'),
  minLength: 1,
  maxLength: 20,
});
const accented: Record<string, string> = {
  a: 'áàâäãå',
  e: 'éèêë',
  i: 'íìîï',
  o: 'óòôöõ',
  u: 'úùûü',
  c: 'çčć',
  n: 'ñń',
  s: 'šś',
  z: 'žźż',
};
const noise = fc.constantFrom(' ', '-', "'", '’', '‐', '–', '  ');

describe('lastNamesMatch', () => {
  it('matches the examples runners type', () => {
    expect(lastNamesMatch("O'Neil", 'oneil')).toBe(true);
    expect(lastNamesMatch('García-López', 'garcia lopez')).toBe(true);
    expect(lastNamesMatch('  Novák ', 'NOVAK')).toBe(true);
    expect(lastNamesMatch('Łukasiewicz', 'lukasiewicz')).toBe(true);
    expect(lastNamesMatch('Straße', 'strasse')).toBe(true);
    expect(lastNamesMatch('Øster-Ærø', 'oster aero')).toBe(true);
    expect(lastNamesMatch('van der Berg', 'VanDerBerg')).toBe(true);
  });

  it('does not match another name', () => {
    expect(lastNamesMatch('Novak', 'Nowak')).toBe(false);
    expect(lastNamesMatch('Garcia', 'Garcias')).toBe(false);
    expect(lastNamesMatch('Lee', 'Li')).toBe(false);
  });

  it('never matches an empty or punctuation-only entry', () => {
    fc.assert(
      fc.property(fc.array(noise, { maxLength: 5 }), letters, (parts, name) => {
        expect(lastNamesMatch(name, parts.join(''))).toBe(false);
      }),
    );
  });

  it('ignores case, accents and inserted spaces, hyphens and apostrophes', () => {
    fc.assert(
      fc.property(
        letters,
        fc.array(fc.tuple(fc.boolean(), fc.boolean(), fc.option(noise, { nil: undefined })), {
          maxLength: 20,
        }),
        (name, edits) => {
          const typed = [...name]
            .map((c, i) => {
              const [upper, accent, after] = edits[i] ?? [false, false, undefined];
              const variants = accented[c];
              const letter = (accent && variants?.[i % variants.length]) || c;
              return (upper ? letter.toUpperCase() : letter) + (after ?? '');
            })
            .join('');
          expect(lastNamesMatch(name, ` ${typed} `)).toBe(true);
        },
      ),
    );
  });

  it('matches exactly when the plain letters are equal', () => {
    fc.assert(
      fc.property(letters, letters, (a, b) => {
        expect(lastNamesMatch(a, b)).toBe(a === b);
      }),
    );
  });

  it('is symmetric and its key is idempotent', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), fc.string({ maxLength: 30 }), (a, b) => {
        expect(lastNamesMatch(a, b)).toBe(lastNamesMatch(b, a));
        expect(lastNameKey(lastNameKey(a))).toBe(lastNameKey(a));
      }),
    );
  });
});
