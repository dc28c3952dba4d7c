import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CsvSeparator, detectSeparator, readCsv } from './csv';

const cells = (text: string, separator: CsvSeparator = ',') => {
  const result = readCsv(text, separator);
  return result.ok ? result.records.map((r) => r.cells) : result;
};

describe('readCsv', () => {
  it('reads quoted fields, escaped quotes and separators and line breaks inside quotes', () => {
    expect(cells('a,"b, c","say ""hi""","two\nlines",""\n')).toEqual([
      ['a', 'b, c', 'say "hi"', 'two\nlines', ''],
    ]);
  });

  it('ends records at CRLF, LF or CR and drops a byte-order mark', () => {
    expect(cells('\uFEFFa,b\r\nc,d\re,f\ng,h')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('numbers records as a spreadsheet shows its rows: blank rows counted, a quoted line break not', () => {
    const result = readCsv('head\n\n"one\ntwo"\r\n\r\nlast\n');
    expect(result.ok && result.records.map((r) => [r.row, r.cells[0]])).toEqual([
      [1, 'head'],
      [3, 'one\ntwo'],
      [5, 'last'],
    ]);
  });

  it('keeps empty fields, also at the end of a record', () => {
    expect(cells('a;;\n;b;', ';')).toEqual([
      ['a', '', ''],
      ['', 'b', ''],
    ]);
  });

  it('reports an unclosed quote with the row it starts on', () => {
    expect(readCsv('a,b\nc,"d\ne\n')).toEqual({ ok: false, unclosedQuoteRow: 2 });
  });

  it('stops one record after the most asked for', () => {
    const result = readCsv('1\n2\n3\n4\n5\n', ',', 2);
    expect(result.ok && result.records.map((r) => r.cells[0])).toEqual(['1', '2', '3']);
  });

  it('reads back what a spreadsheet writes, whatever the fields', () => {
    const field = fc.string({
      unit: fc.constantFrom('a', 'é', ' ', ',', ';', '"', '\n', '\r', '\r\n', '1'),
      maxLength: 8,
    });
    const quote = (f: string) => (/[",;\r\n]/.test(f) || f === '' ? `"${f.replaceAll('"', '""')}"` : f);
    fc.assert(
      fc.property(
        fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        fc.constantFrom<CsvSeparator>(',', ';', '\t'),
        fc.constantFrom('\n', '\r\n'),
        (records, separator, eol) => {
          const text = records.map((r) => r.map(quote).join(separator)).join(eol) + eol;
          expect(cells(text, separator)).toEqual(records);
        },
      ),
    );
  });
});

describe('detectSeparator', () => {
  it("takes the header line's separator, ignoring quoted ones", () => {
    expect(detectSeparator('first name;last name;email\n1,2,3,4,5')).toBe(';');
    expect(detectSeparator('"a;b;c",d,e')).toBe(',');
    expect(detectSeparator('a\tb\tc')).toBe('\t');
    expect(detectSeparator('\uFEFFemail')).toBe(',');
  });
});
