/**
 * CSV as spreadsheets write and read it (RFC 4180): comma-separated, `"` quotes a field, `""` is a
 * quote inside one, CRLF or LF ends a row. Small and local: the files are at most a few MB.
 */

/** A parsed row and the line of the file it starts on (1-based), for error reports. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** Thrown for a file that is not CSV at all (an unclosed quote). */
export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`Unclosed quote starting on line ${line}.`);
  }
}

/** Rows of a CSV text; blank lines are skipped. A leading byte-order mark is dropped. */
export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let line = 1;
  let rowLine = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let quoteLine = 1;
  const endRow = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      cell += c;
    }
  }
  if (quoted) throw new CsvSyntaxError(quoteLine);
  endRow();
  return rows;
}

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, or a tab or carriage return
 * before one) gets a leading `'`: a label typed by anyone must not become a formula in the
 * organiser's spreadsheet (CSV injection).
 */
export function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** One CSV line (CRLF-terminated), every cell guarded and quoted when it needs to be. */
export function csvLine(values: readonly string[]): string {
  return `${values
    .map((raw) => {
      const value = safeCell(raw);
      return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
    })
    .join(',')}\r\n`;
}
