import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatIban, ibanMod97, ibanProblem, isBic, normalizeIban } from './iban';

describe('IBAN and BIC', () => {
  it('accepts real IBANs however they are typed', () => {
    for (const iban of [
      'IT60X0542811101000000123456',
      'de89 3704 0044 0532 0130 00',
      'GB82-WEST-1234-5698-7654-32',
      'NL91ABNA0417164300',
      'PL61109010140000071219812874',
    ]) {
      expect(ibanProblem(iban), iban).toBeNull();
    }
  });

  it('says why an IBAN is refused', () => {
    expect(ibanProblem('IT60X0542811101000000123457')).toBe('iban.checksum');
    expect(ibanProblem('DE8937040044053201300')).toBe('iban.length');
    expect(ibanProblem('ZZ89370400440532013000')).toBe('iban.invalid');
    expect(ibanProblem('not an iban')).toBe('iban.invalid');
    expect(ibanProblem('')).toBe('iban.invalid');
  });

  it('finds every single changed digit (mod 97 catches all single substitutions)', () => {
    const valid = 'DE89370400440532013000';
    fc.assert(
      fc.property(
        fc.integer({ min: 4, max: valid.length - 1 }),
        fc.integer({ min: 1, max: 9 }),
        (at, plus) => {
          const digit = (Number(valid[at]) + plus) % 10;
          const changed = valid.slice(0, at) + digit + valid.slice(at + 1);
          expect(ibanProblem(changed)).toBe('iban.checksum');
        },
      ),
    );
    expect(ibanMod97(normalizeIban(valid))).toBe(1);
  });

  it('formats in groups of four', () => {
    expect(formatIban('it60x0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
  });

  it('checks the BIC format', () => {
    expect(isBic('BPMOIT22XXX')).toBe(true);
    expect(isBic('deutdeff')).toBe(true);
    expect(isBic('DEUTDEFF5')).toBe(false);
    expect(isBic('1EUTDEFF')).toBe(false);
  });
});
