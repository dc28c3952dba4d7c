/**
 * CSV as spreadsheets write it (RFC 4180, plus what European spreadsheets do): a `,` `;` or tab
 * separates fields, `"` quotes a field, `""` is a quote inside one, CRLF, LF or CR ends a record,
 * a leading byte-order mark is dropped. Here so the console can check a file before sending it
 * and the server refuses the same rows.
 */

export type CsvSeparator = ',' | ';' | '\t';

/** A record and its row as a spreadsheet numbers it (1-based, blank rows counted). */
export interface CsvRecord {
  row: number;
  cells: string[];
}

export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; unclosedQuoteRow: number };

export function stripBom(text: string): string {
  return text.startsWith('\uFEFF') ? text.slice(1) : text;
}

/** The separator used most on the first line outside quotes; `,` when there is none. */
export function detectSeparator(text: string): CsvSeparator {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const c of stripBom(text)) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && (c === ',' || c === ';' || c === '\t')) counts[c]++;
  }
  const best = (Object.keys(counts) as CsvSeparator[]).sort((a, b) => counts[b] - counts[a])[0];
  return best !== undefined && counts[best] > 0 ? best : ',';
}

/**
 * Records of a CSV text. Blank rows are left out but counted, so each record's `row` is the row a
 * spreadsheet shows; a field with line breaks in quotes stays one row. Stops after `maxRecords`
 * records plus one (so a caller can tell the file is too long without reading all of it).
 */
export function readCsv(text: string, separator: CsvSeparator = ',', maxRecords = Infinity): CsvResult {
  const input = stripBom(text);
  const records: CsvRecord[] = [];
  let row = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let touched = false;
  const endRecord = () => {
    if (touched) records.push({ row, cells: [...cells, cell] });
    cells = [];
    cell = '';
    touched = false;
    row++;
  };
  for (let i = 0; i < input.length && records.length <= maxRecords; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') {
      quoted = true;
      touched = true;
    } else if (c === separator) {
      cells.push(cell);
      cell = '';
      touched = true;
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRecord();
    } else {
      cell += c;
      touched = true;
    }
  }
  if (quoted) return { ok: false, unclosedQuoteRow: row };
  if (touched) endRecord();
  return { ok: true, records: records.slice(0, maxRecords + 1) };
}
