import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRunnersCsv,
  RUNNER_NAME_MAX_CHARS,
  RUNNERS_CSV_MAX_ROWS,
  runnersImportResultSchema,
} from './runners-csv';

const issued = new Set(['1042', '1043', '1044', '1045', '0042']);

describe('checkRunnersCsv', () => {
  it('reads a comma file with a byte-order mark, CRLF and quoted fields', () => {
    const csv =
      '\uFEFFFirst name,Last name,E-mail,Bib,Language\r\n' +
      'Ana,"Novak, jr.",Ana@Example.com ,1042,sl\r\n' +
      '"Jean ""JJ""",Dupont,jean@example.com,0042,\r\n';
    expect(checkRunnersCsv(csv, issued)).toEqual({
      rows: [
        {
          row: 2,
          first_name: 'Ana',
          last_name: 'Novak, jr.',
          email: 'ana@example.com',
          bib: '1042',
          language: 'sl',
        },
        {
          row: 3,
          first_name: 'Jean "JJ"',
          last_name: 'Dupont',
          email: 'jean@example.com',
          bib: '0042',
          language: null,
        },
      ],
      refused: [],
    });
  });

  it('reads a semicolon file with localised headers in any order, ignoring other columns', () => {
    const csv =
      'Pettorale;Cognome;Nome;Società;E-Mail;Lingua\n1043;Rossi;Maria;ASD Roma;maria@example.it;IT\n';
    expect(checkRunnersCsv(csv, issued).rows).toEqual([
      {
        row: 2,
        first_name: 'Maria',
        last_name: 'Rossi',
        email: 'maria@example.it',
        bib: '1043',
        language: 'it',
      },
    ]);
    for (const header of [
      'Vorname;Nachname;E-Mail;Startnummer;Sprache',
      'Prénom;Nom de famille;Courriel;Dossard;Langue',
      'nombre;apellidos;correo;dorsal;idioma',
      'Ime;Priimek;E-pošta;Štartna številka;Jezik',
      'Imię;Nazwisko;E-mail;Numer startowy;Język',
      'first_name;last_name;email;bib_number;locale',
      'Vorname;Name;E-Mail;Startnummer;Sprache',
      'Prénom;Nom;E-mail;Dossard;Langue',
      'Nome;Sobrenome;E-mail;Dorsal;Idioma',
    ]) {
      expect(checkRunnersCsv(`${header}\nA;B;a@b.co;1044;de-CH\n`, issued)).toEqual({
        rows: [{ row: 2, first_name: 'A', last_name: 'B', email: 'a@b.co', bib: '1044', language: 'de' }],
        refused: [],
      });
    }
  });

  it('refuses each bad row with its spreadsheet row number and reason', () => {
    const csv = [
      'first name,last name,email,bib,language',
      'Ana,Novak,ana@example.com,1042,en',
      ',Novak,x@example.com,1043,',
      'Ana,Novak,not-an-email,1043,',
      '',
      'Ana,Novak,b@example.com,10 43,',
      'Ana,Novak,c@example.com,2024,',
      'Ana,Novak,d@example.com,1042,',
      'Ana,Novak,e@example.com,1045,klingon',
      `${'A'.repeat(RUNNER_NAME_MAX_CHARS + 1)},Novak,f@example.com,1044,`,
      'Ana,Novak,ana@example.com,1043',
    ].join('\n');
    expect(checkRunnersCsv(csv, issued)).toEqual({
      rows: [
        {
          row: 2,
          first_name: 'Ana',
          last_name: 'Novak',
          email: 'ana@example.com',
          bib: '1042',
          language: 'en',
        },
        {
          row: 11,
          first_name: 'Ana',
          last_name: 'Novak',
          email: 'ana@example.com',
          bib: '1043',
          language: null,
        },
      ],
      refused: [
        { row: 3, reason: 'field.missing', column: 'first_name' },
        { row: 4, reason: 'email.invalid', column: 'email' },
        { row: 6, reason: 'bib.invalid', column: 'bib' },
        { row: 7, reason: 'bib.not_issued', column: 'bib' },
        { row: 8, reason: 'bib.duplicate', column: 'bib' },
        { row: 9, reason: 'language.unknown', column: 'language' },
        { row: 10, reason: 'field.too_long', column: 'first_name' },
      ],
    });
  });

  it('refuses the file at row 1 when the header lacks a column, repeats one, or there is no header', () => {
    expect(checkRunnersCsv('first name,last name,bib\nA,B,1042\n', issued).refused).toEqual([
      { row: 1, reason: 'file.column_missing', column: 'email' },
    ]);
    // "Name" alone is a full name in English: taken as the last name, the first is missing
    expect(checkRunnersCsv('name,email,bib\n', issued).refused).toEqual([
      { row: 1, reason: 'file.column_missing', column: 'first_name' },
    ]);
    expect(checkRunnersCsv('email,bib\n', issued).refused).toEqual([
      { row: 1, reason: 'file.column_missing', column: 'first_name' },
      { row: 1, reason: 'file.column_missing', column: 'last_name' },
    ]);
    expect(checkRunnersCsv('email,first name,last name,bib,e-mail\n', issued).refused).toEqual([
      { row: 1, reason: 'file.column_repeated', column: 'email' },
    ]);
    expect(checkRunnersCsv('\uFEFF\r\n\r\n', issued).refused).toEqual([{ row: 1, reason: 'file.empty' }]);
    // a header and no runner imports nothing, and says so
    expect(checkRunnersCsv('first name,last name,email,bib\r\n\r\n', issued).refused).toEqual([
      { row: 1, reason: 'file.empty' },
    ]);
    expect(checkRunnersCsv('first name,last name,email,bib\n"A,B,a@b.co,1042\n', issued).refused).toEqual([
      { row: 2, reason: 'file.unclosed_quote' },
    ]);
  });

  it('refuses a file not saved as UTF-8 at its first such row, rather than storing mangled names', () => {
    // what a UTF-8 decoder (the browser's File.text(), the server's body parser) makes of the
    // Windows-1252 bytes of "José Müller" (Excel's plain "CSV"): U+FFFD for each byte it cannot read
    const latin1 = 'first name,last name,email,bib\nAna,Lee,a@b.co,1042\nJos\uFFFD,M\uFFFDller,j@b.co,1043\n';
    expect(checkRunnersCsv(latin1, issued)).toEqual({
      rows: [],
      refused: [{ row: 3, reason: 'file.not_utf8' }],
    });
  });

  it(`refuses a file of more than ${RUNNERS_CSV_MAX_ROWS} runners as a whole`, () => {
    const row = 'A,B,a@b.co,1042\n';
    const header = 'first name,last name,email,bib\n';
    expect(checkRunnersCsv(header + row.repeat(RUNNERS_CSV_MAX_ROWS + 1), issued)).toEqual({
      rows: [],
      refused: [{ row: 1, reason: 'file.too_many_rows' }],
    });
    // at the limit the file is read (every row after the first a duplicate bib)
    expect(checkRunnersCsv(header + row.repeat(RUNNERS_CSV_MAX_ROWS), issued).refused).toHaveLength(
      RUNNERS_CSV_MAX_ROWS - 1,
    );
  });

  it('accounts for every row exactly once: imported or refused', () => {
    const cell = fc.constantFrom('', 'Ana', 'a@b.co', 'x', '1042', '1043', '0042', '2024', 'en', 'zz', ' ');
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 5, maxLength: 5 }), { maxLength: 20 }), (rows) => {
        const csv = ['first name,last name,email,bib,language', ...rows.map((r) => r.join(','))].join('\n');
        const { rows: ok, refused } = checkRunnersCsv(csv, issued);
        const nonBlank = rows.filter((r) => r.some((c) => c.trim() !== '')).length;
        expect(ok.length + refused.length).toBe(Math.max(nonBlank, 1));
        if (nonBlank === 0) expect(refused).toEqual([{ row: 1, reason: 'file.empty' }]);
        expect(new Set(ok.map((r) => r.bib)).size).toBe(ok.length);
        for (const r of ok) expect(issued.has(r.bib)).toBe(true);
      }),
    );
  });
});

describe('the import answer', () => {
  it('is the imported count and the refused rows', () => {
    expect(
      runnersImportResultSchema.parse({
        imported: 0,
        refused: [{ row: 3, reason: 'bib.duplicate', column: 'bib' }],
      }),
    ).toBeTruthy();
    expect(
      runnersImportResultSchema.safeParse({ imported: 0, refused: [{ row: 0, reason: 'bib.duplicate' }] })
        .success,
    ).toBe(false);
  });
});
